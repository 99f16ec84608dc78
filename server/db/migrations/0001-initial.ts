/** Users, sessions, the ledger, memberships, reset codes and permissions. PostgreSQL 15 features only. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id serial primary key,
      username text not null,
      email text not null,
      password_hash text not null,
      birthday date not null,
      gender smallint not null,
      country text not null,
      country_id integer,
      height integer,
      weight integer,
      language text not null default '',
      avatar text not null default '',
      sign text not null default '',
      staff_account boolean not null default false,
      buy_character_count integer not null default 0 check (buy_character_count >= 0),
      give_character_count integer not null default 0 check (give_character_count >= 0),
      register_character_count integer not null default 0 check (register_character_count >= 0),
      day_characters integer not null default 0 check (day_characters >= 0),
      day_characters_date date,
      month_video_count integer not null default 0 check (month_video_count >= 0),
      buy_gold numeric(12, 2) not null default 0 check (buy_gold >= 0),
      give_gold numeric(12, 2) not null default 0 check (give_gold >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  // Names are unique whatever their case: 'Alice' and 'alice' are one member.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await sql`
    create table sessions (
      token_hash text primary key,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      revoked boolean not null default false
    )`.execute(db);
  await sql`create index sessions_user_id_idx on sessions (user_id)`.execute(db);

  await sql`
    create table ledger (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      kind text not null,
      delta numeric(12, 2) not null,
      balance_after numeric(12, 2) not null,
      reason text not null,
      ref text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_user_id_idx on ledger (user_id, id)`.execute(db);

  await sql`
    create table memberships (
      user_id integer not null references users (id) on delete cascade,
      level_name text not null,
      level_sort integer not null,
      ends_at timestamptz not null,
      primary key (user_id, level_name)
    )`.execute(db);

  await sql`
    create table password_reset_codes (
      id serial primary key,
      email text not null,
      code_hash text not null,
      expires_at timestamptz not null,
      used boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_reset_codes_email_idx on password_reset_codes (lower(email))`.execute(db);

  await sql`
    create table user_permissions (
      user_id integer not null references users (id) on delete cascade,
      permission text not null,
      primary key (user_id, permission)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_permissions', 'password_reset_codes', 'memberships', 'ledger', 'sessions', 'users']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
