/**
 * Moments (docs/api.md, Moments) and what the square needs to show their photos fast: each stored image's
 * responsive sizes and ThumbHash placeholder, and the member-chosen key of a signed (COS-style) form upload.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `images`: [{ url, alt }], in the author's order. Pages go newest first by id (a cursor is the last id seen).
  await sql`
    create table moments (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      text text not null,
      images jsonb not null default '[]',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index moments_user_idx on moments (user_id, id desc)`.execute(db);

  // `variants`: [{ width, height, webp, jpeg }] (storage keys), smallest first; empty for avatars and older blobs.
  await sql`alter table blobs add column thumbhash text not null default ''`.execute(db);
  await sql`alter table blobs add column variants jsonb not null default '[]'`.execute(db);
  // The key a signed form upload asked for (`u{id}/{name}.jpg`), served as a copy of the blob.
  await sql`alter table uploads add column alias_key text`.execute(db);
  await sql`create index uploads_alias_idx on uploads (alias_key) where alias_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists moments`.execute(db);
  await sql`drop index if exists uploads_alias_idx`.execute(db);
  await sql`alter table uploads drop column if exists alias_key`.execute(db);
  await sql`alter table blobs drop column if exists variants`.execute(db);
  await sql`alter table blobs drop column if exists thumbhash`.execute(db);
}
