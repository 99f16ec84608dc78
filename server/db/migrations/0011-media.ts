/**
 * Video and voice messages (docs/api.md, Files: video and voice; Chat: types 8 and 9). A stored media file is a
 * `blobs` row like an image, with its playing time and container type; a voice note has no picture, so its width
 * and height are 0. A message of type 8 or 9 carries its `media` object (cover, duration, size, picture size).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blobs add column duration_ms integer check (duration_ms > 0)`.execute(db);
  await sql`alter table blobs add column mime text`.execute(db);
  await sql`alter table blobs drop constraint if exists blobs_width_check`.execute(db);
  await sql`alter table blobs drop constraint if exists blobs_height_check`.execute(db);
  await sql`alter table blobs add constraint blobs_width_check check (width >= 0)`.execute(db);
  await sql`alter table blobs add constraint blobs_height_check check (height >= 0)`.execute(db);
  await sql`alter table messages add column media jsonb`.execute(db);
  await sql`alter table messages drop constraint if exists messages_type_check`.execute(db);
  await sql`alter table messages add constraint messages_type_check check (type between 1 and 9)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from messages where type in (8, 9)`.execute(db);
  await sql`alter table messages drop constraint if exists messages_type_check`.execute(db);
  await sql`alter table messages add constraint messages_type_check check (type between 1 and 7)`.execute(db);
  await sql`alter table messages drop column if exists media`.execute(db);
  await sql`delete from uploads where blob_key in (select key from blobs where duration_ms is not null)`.execute(db);
  await sql`delete from blobs where duration_ms is not null`.execute(db);
  await sql`alter table blobs drop constraint if exists blobs_width_check`.execute(db);
  await sql`alter table blobs drop constraint if exists blobs_height_check`.execute(db);
  await sql`alter table blobs add constraint blobs_width_check check (width > 0)`.execute(db);
  await sql`alter table blobs add constraint blobs_height_check check (height > 0)`.execute(db);
  await sql`alter table blobs drop column if exists mime`.execute(db);
  await sql`alter table blobs drop column if exists duration_ms`.execute(db);
}
