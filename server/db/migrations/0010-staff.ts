/**
 * The staff console (issue 13): suspensions on members, a permissions-changed mark on sessions (the next request
 * answers 498), report states (open, resolved) with one open report per reporter and member, and the audit log.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: not suspended. A permanent suspension ends in 9999 (docs/api.md, Staff), so every check is one comparison.
  await sql`alter table users add column suspended_until timestamptz`.execute(db);
  await sql`create index users_suspended_idx on users (id) where suspended_until is not null`.execute(db);
  await sql`alter table sessions add column permissions_changed boolean not null default false`.execute(db);

  await sql`alter table reports add column status text not null default 'open'`.execute(db);
  await sql`alter table reports add column action text`.execute(db);
  await sql`alter table reports add column note text not null default ''`.execute(db);
  await sql`alter table reports add column resolved_by integer`.execute(db);
  await sql`alter table reports add column resolved_at timestamptz`.execute(db);
  await sql`alter table reports add constraint reports_status_check check (status in ('open', 'resolved'))`.execute(db);
  // Reports made before deduplication: the newest open one of a pair stays open, older repeats are closed as such.
  await sql`
    update reports r set status = 'resolved', action = 'duplicate', resolved_at = now()
    where exists (
      select 1 from reports n
      where n.reporter_id = r.reporter_id and n.reported_id = r.reported_id and n.id > r.id
    )`.execute(db);
  await sql`
    create unique index reports_open_pair_idx on reports (reporter_id, reported_id) where status = 'open'`.execute(db);
  await sql`create index reports_queue_idx on reports (status, id desc)`.execute(db);
  await sql`create index reports_reported_open_idx on reports (reported_id) where status = 'open'`.execute(db);

  await sql`
    create table audit_log (
      id bigserial primary key,
      staff_id integer not null,
      action text not null,
      target_type text not null,
      target_id text not null,
      before jsonb,
      after jsonb,
      note text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop index if exists reports_reported_open_idx`.execute(db);
  await sql`drop index if exists reports_queue_idx`.execute(db);
  await sql`drop index if exists reports_open_pair_idx`.execute(db);
  await sql`alter table reports drop constraint if exists reports_status_check`.execute(db);
  for (const column of ['resolved_at', 'resolved_by', 'note', 'action', 'status']) {
    await sql`alter table reports drop column if exists ${sql.raw(column)}`.execute(db);
  }
  await sql`alter table sessions drop column if exists permissions_changed`.execute(db);
  await sql`drop index if exists users_suspended_idx`.execute(db);
  await sql`alter table users drop column if exists suspended_until`.execute(db);
}
