/**
 * Stored images can be deleted once nothing refers to them (files.release.ts). Indexes let that check find photo
 * messages by their URL, moments by the URLs in `images` and avatars by URL, instead of scanning every message. And
 * `uploads` rows no longer hold their blob: they are the log the upload quota counts (bytes in 24 hours), which must
 * not shrink when a file is deleted, so a row may outlive its blob.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index messages_image_url_idx on messages (msg) where type = 2`.execute(db);
  await sql`create index moments_images_idx on moments using gin (images jsonb_path_ops)`.execute(db);
  await sql`create index users_avatar_idx on users (avatar) where avatar <> ''`.execute(db);
  await sql`alter table uploads drop constraint if exists uploads_blob_key_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from uploads where blob_key not in (select key from blobs)`.execute(db);
  await sql`alter table uploads add constraint uploads_blob_key_fkey foreign key (blob_key) references blobs (key)`.execute(
    db,
  );
  await sql`drop index if exists users_avatar_idx`.execute(db);
  await sql`drop index if exists moments_images_idx`.execute(db);
  await sql`drop index if exists messages_image_url_idx`.execute(db);
}
