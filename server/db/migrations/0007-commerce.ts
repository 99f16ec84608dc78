/**
 * Commerce (issue 10): the catalogue (character and gold packages, VIP and senior plans with their privileges), seeded
 * with the launch prices; orders whose status moves 1 → 3 or 1 → 4 once; provider captures and webhook events unique;
 * the sandbox provider's orders; the month of the free videos count.
 */
import { type Kysely, sql } from 'kysely';

const VIP = 'VIP';
const SENIOR = '高级会员';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_configs (
      level_name text primary key,
      level_sort integer not null,
      day_characters integer not null check (day_characters >= 0),
      month_videos integer not null check (month_videos >= 0),
      show_identity boolean not null
    )`.execute(db);
  // One table for every package: characters and gold count `num`, memberships `num` months of `level_name`.
  await sql`
    create table catalogue_specs (
      id serial primary key,
      type text not null check (type in ('character', 'gold', 'member')),
      num integer not null check (num > 0),
      level_name text references member_configs (level_name),
      amount numeric(12, 2) not null check (amount > 0),
      check ((type = 'member') = (level_name is not null))
    )`.execute(db);
  await sql`
    insert into member_configs (level_name, level_sort, day_characters, month_videos, show_identity) values
      (${VIP}, 2, 3000, 10, false),
      (${SENIOR}, 1, 5000, 3, true)`.execute(db);
  await sql`
    insert into catalogue_specs (type, num, level_name, amount) values
      ('character', 10000, null, 1.99), ('character', 50000, null, 8.99), ('character', 120000, null, 19.99),
      ('character', 300000, null, 44.99),
      ('gold', 10, null, 9.99), ('gold', 50, null, 47.99), ('gold', 100, null, 89.99), ('gold', 300, null, 259.99),
      ('member', 1, ${VIP}, 9.99), ('member', 3, ${VIP}, 26.99), ('member', 6, ${VIP}, 49.99),
      ('member', 12, ${VIP}, 89.99),
      ('member', 1, ${SENIOR}, 19.99), ('member', 3, ${SENIOR}, 53.99), ('member', 6, ${SENIOR}, 99.99),
      ('member', 12, ${SENIOR}, 179.99)`.execute(db);

  await sql`
    create table orders (
      id uuid primary key,
      provider_order_id text unique,
      user_id integer not null references users (id) on delete cascade,
      target_id integer not null references users (id) on delete cascade,
      type text not null,
      spec_id integer not null references catalogue_specs (id),
      amount numeric(12, 2) not null,
      gold_pay boolean not null,
      blessing text not null default '',
      status smallint not null default 1 check (status in (1, 3, 4)),
      capture_id text unique,
      created_at timestamptz not null,
      closed_at timestamptz
    )`.execute(db);
  await sql`create index orders_open_idx on orders (created_at) where status = 1`.execute(db);

  await sql`
    create table webhook_events (
      id text primary key,
      event_type text not null,
      body jsonb not null,
      received_at timestamptz not null,
      processed_at timestamptz
    )`.execute(db);
  await sql`create index webhook_events_pending_idx on webhook_events (received_at) where processed_at is null`.execute(
    db,
  );

  // The sandbox provider's own orders (PAYMENT_PROVIDER=sandbox), in PayPal's Orders v2 states.
  await sql`
    create table sandbox_orders (
      id text primary key,
      custom_id text not null,
      amount numeric(12, 2) not null,
      currency text not null,
      status text not null,
      capture_id text,
      capture_request_id text,
      created_at timestamptz not null default now()
    )`.execute(db);

  // The free videos of a month: month_video_count is what is left in month_video_month (UTC 'YYYY-MM').
  await sql`alter table users add column month_video_month text`.execute(db);
  // Ended memberships already told to their member (a type 7 message), so each is told once.
  await sql`alter table memberships add column end_noticed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships drop column if exists end_noticed_at`.execute(db);
  await sql`alter table users drop column if exists month_video_month`.execute(db);
  for (const table of ['sandbox_orders', 'webhook_events', 'orders', 'catalogue_specs', 'member_configs']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
