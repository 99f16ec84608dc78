/**
 * Member uploads: each stored image once (`blobs`, by content hash) and who uploaded what when (`uploads`), which
 * the daily byte quota counts and which a later deletion needs (a blob may go only when nothing refers to it).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blobs (
      key text primary key,
      bytes integer not null check (bytes > 0),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table uploads (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      type text not null,
      blob_key text not null references blobs (key),
      received_bytes integer not null check (received_bytes > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  // The quota sums one member's last day; a deletion asks whether any other upload still holds the blob.
  await sql`create index uploads_user_idx on uploads (user_id, created_at)`.execute(db);
  await sql`create index uploads_blob_idx on uploads (blob_key)`.execute(db);
  await clearForeignAvatars(db);
}

/**
 * Avatars set before docs/api.md's image URL rule may name another site or a script: cleared, so the member shows
 * their initial. The pattern is protocol's OWN_UPLOAD_PATH as it was when this migration was written.
 */
export async function clearForeignAvatars(db: Kysely<unknown>): Promise<number> {
  const own = '^/uploads/([a-z0-9][a-z0-9_-]{0,31}/)?[A-Za-z0-9][A-Za-z0-9_-]{0,127}[.](jpg|png|svg)$';
  const result = await sql`update users set avatar = '' where avatar <> '' and avatar !~ ${own}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uploads', 'blobs']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
