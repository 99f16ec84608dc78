/** SQL of sessions and reset codes. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export async function insertSession(db: Executor, tokenHash: string, userId: number): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId }).execute();
}

export interface SessionRow {
  user_id: number;
  last_used_at: Date;
  revoked: boolean;
  permissions_changed: boolean;
}

export async function findSession(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  return (await findSessions(db, [tokenHash])).get(tokenHash);
}

/**
 * The sessions of several token hashes in one query (the lookups of concurrent requests, plugins/auth.ts). Every
 * request signed in runs it: written as SQL, since building it with the query builder cost 40 µs a time.
 */
export async function findSessions(db: Executor, tokenHashes: string[]): Promise<Map<string, SessionRow>> {
  if (tokenHashes.length === 0) return new Map();
  const { rows } = await sql<SessionRow & { token_hash: string }>`
    select token_hash, user_id, last_used_at, revoked, permissions_changed from sessions
    where token_hash = any(${[...new Set(tokenHashes)]}::text[])`.execute(db);
  return new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
}

export async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** This session heard of its member's new permissions (it answered 498 or read the user info). */
export async function clearPermissionsChanged(db: Executor, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ permissions_changed: false }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked: true }).where('token_hash', '=', tokenHash).execute();
}

/** Every live session of the member ends, except the one of `keepTokenHash` when given. */
export async function revokeUserSessions(db: Executor, userId: number, keepTokenHash?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked: true })
    .where('user_id', '=', userId)
    .where('revoked', '=', false);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  await query.execute();
}

export type CodePurpose = 'reset' | 'email';
/** A reset code belongs to an address; a change-of-address code to the member asking. */
export type CodeOwner = { purpose: 'reset'; email: string } | { purpose: 'email'; userId: number };

/** Spends every code of the owner (a new one replaces them, or one was used). */
export async function spendCodes(trx: Executor, owner: CodeOwner): Promise<void> {
  let q = trx.updateTable('password_reset_codes').set({ used: true }).where('purpose', '=', owner.purpose);
  q =
    owner.purpose === 'reset'
      ? q.where(sql`lower(email)`, '=', owner.email.toLowerCase())
      : q.where('user_id', '=', owner.userId);
  await q.where('used', '=', false).execute();
}

/** The one live code of the owner: the older ones are spent in the same transaction. */
export async function replaceCode(
  trx: Transaction<Database>,
  owner: CodeOwner,
  code: { email: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await spendCodes(trx, owner);
  await trx
    .insertInto('password_reset_codes')
    .values({
      purpose: owner.purpose,
      user_id: owner.purpose === 'email' ? owner.userId : null,
      email: code.email,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
    })
    .execute();
}

/** Locks the owner's live code (unused, unexpired, guesses left) so concurrent guesses count one by one. */
export function findLiveCode(trx: Transaction<Database>, owner: CodeOwner, now: Date, maxAttempts: number) {
  let q = trx
    .selectFrom('password_reset_codes')
    .select(['id', 'email', 'code_hash', 'attempts'])
    .where('purpose', '=', owner.purpose)
    .where('used', '=', false)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts);
  q =
    owner.purpose === 'reset'
      ? q.where(sql`lower(email)`, '=', owner.email.toLowerCase())
      : q.where('user_id', '=', owner.userId);
  return q.orderBy('id', 'desc').forUpdate().executeTakeFirst();
}

/** One more wrong guess; the code dies with the last allowed one. */
export async function countWrongGuess(trx: Executor, id: number, maxAttempts: number): Promise<void> {
  await trx
    .updateTable('password_reset_codes')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      used: sql<boolean>`attempts + 1 >= ${maxAttempts}`,
    }))
    .where('id', '=', id)
    .execute();
}

/** Serialises the code requests of one requester (two at once must not both pass the cooldown). */
export async function lockRequester(
  trx: Transaction<Database>,
  purpose: CodePurpose,
  requester: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${requester}`}))`.execute(trx);
}

export async function recentCodeRequests(db: Executor, purpose: CodePurpose, requester: string, since: Date) {
  const row = await db
    .selectFrom('code_requests')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.max('requested_at').as('last'),
      eb.fn.min('requested_at').as('oldest'),
    ])
    .where('purpose', '=', purpose)
    .where('requester', '=', requester)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  return { n: Number(row.n), last: date(row.last), oldest: date(row.oldest) };
}

/** Records a request and forgets those older than the window. */
export async function insertCodeRequest(
  db: Executor,
  purpose: CodePurpose,
  requester: string,
  at: Date,
  forgetBefore: Date,
): Promise<void> {
  await db.deleteFrom('code_requests').where('requested_at', '<', forgetBefore).execute();
  await db.insertInto('code_requests').values({ purpose, requester, requested_at: at }).execute();
}
