/** Chat: messages, blocks and a per-member unread counter. PostgreSQL 15 features only. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table messages (
      id bigserial primary key,
      client_id uuid not null,
      sender_id integer not null references users (id) on delete cascade,
      to_id integer not null references users (id) on delete cascade,
      type smallint not null check (type between 1 and 7),
      msg text not null,
      lang text not null default '',
      created_at timestamptz not null default now(),
      read_at timestamptz,
      translations jsonb not null default '{}',
      -- A client re-sending the same clientId (reconnect, retry) must never make a second row.
      constraint messages_sender_client_key unique (sender_id, client_id)
    )`.execute(db);
  // History of a pair in either direction is one index range: (low id, high id, newest first).
  await sql`create index messages_pair_idx on messages (least(sender_id, to_id), greatest(sender_id, to_id), id desc)`.execute(
    db,
  );
  // Conversations of a member: what they sent comes from the unique key above, what they received from here.
  await sql`create index messages_to_idx on messages (to_id, id desc)`.execute(db);
  // Unread counting and marking read touch only unread rows.
  await sql`create index messages_unread_idx on messages (to_id, sender_id) where read_at is null`.execute(db);

  await sql`
    create table blocks (
      blocker_id integer not null references users (id) on delete cascade,
      blocked_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (blocker_id, blocked_id)
    )`.execute(db);
  await sql`create index blocks_blocked_idx on blocks (blocked_id)`.execute(db);

  // The unread total per member, kept in the same transactions that insert or read messages: counting rows on
  // every delivery grows with the backlog, a counter row does not.
  await sql`
    create table chat_unread (
      user_id integer primary key references users (id) on delete cascade,
      n integer not null default 0 check (n >= 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chat_unread', 'blocks', 'messages']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
