/**
 * Mailed codes that can be guessed only a few times (issue 7 item 3): one live code per purpose and address, an
 * attempt counter, and a log of code requests for the resend cooldown and the daily cap.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // 'reset': password reset, keyed by the account's address; 'email': a change of address, keyed by the member.
  await sql`alter table password_reset_codes add column purpose text not null default 'reset'`.execute(db);
  await sql`alter table password_reset_codes add column user_id integer references users (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table password_reset_codes add column attempts integer not null default 0`.execute(db);
  // Codes issued before this migration could pile up; none of them stays usable.
  await sql`update password_reset_codes set used = true where used = false`.execute(db);

  // Requests for any address, member or not, so the cooldown answers alike for both (no enumeration).
  // `requester` is an HMAC of the address (or 'user:<id>'), so addresses of non-members are not stored.
  await sql`
    create table code_requests (
      id bigserial primary key,
      purpose text not null,
      requester text not null,
      requested_at timestamptz not null
    )`.execute(db);
  await sql`create index code_requests_requester_idx on code_requests (purpose, requester, requested_at)`.execute(db);
  await sql`create index code_requests_time_idx on code_requests (requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists code_requests`.execute(db);
  await sql`alter table password_reset_codes drop column attempts`.execute(db);
  await sql`alter table password_reset_codes drop column user_id`.execute(db);
  await sql`alter table password_reset_codes drop column purpose`.execute(db);
}
