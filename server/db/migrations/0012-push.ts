/**
 * Web Push subscriptions (docs/api.md, Push): one row per device (its push service endpoint), owned by the member
 * signed in on it; `events` are the kinds the device asked for.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The endpoint is the device: the same one registered again (another member signing in there) moves to that member.
  await sql`
    create table push_subscriptions (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      events text[] not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id, updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists push_subscriptions`.execute(db);
}
