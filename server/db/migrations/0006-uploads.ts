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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uploads', 'blobs']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
