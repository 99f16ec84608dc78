/** Likes, visits and reports between members. PostgreSQL 15 features only. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table likes (
      user_id integer not null references users (id) on delete cascade,
      liked_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, liked_id),
      check (user_id <> liked_id)
    )`.execute(db);
  // 'Who liked me', newest first; 'whom I liked' reads the primary key.
  await sql`create index likes_liked_idx on likes (liked_id, created_at desc)`.execute(db);

  // One row per (visitor, visited): a new visit moves visited_at forward instead of growing the table.
  await sql`
    create table visits (
      visitor_id integer not null references users (id) on delete cascade,
      visited_id integer not null references users (id) on delete cascade,
      visited_at timestamptz not null default now(),
      primary key (visitor_id, visited_id),
      check (visitor_id <> visited_id)
    )`.execute(db);
  await sql`create index visits_visited_idx on visits (visited_id, visited_at desc)`.execute(db);

  await sql`
    create table reports (
      id bigserial primary key,
      reporter_id integer not null references users (id) on delete cascade,
      reported_id integer not null references users (id) on delete cascade,
      type smallint not null check (type between 1 and 6),
      created_at timestamptz not null default now(),
      check (reporter_id <> reported_id)
    )`.execute(db);
  // The per-reporter rate limit counts the last hour of this index.
  await sql`create index reports_reporter_idx on reports (reporter_id, created_at)`.execute(db);
  await sql`create index reports_reported_idx on reports (reported_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reports', 'visits', 'likes']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
