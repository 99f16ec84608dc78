/** SQL of sessions and reset codes. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export async function insertSession(db: Executor, tokenHash: string, userId: number): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId }).execute();
}

export function findSession(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'last_used_at', 'revoked'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked: true }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked: true })
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .execute();
}

export async function insertResetCode(db: Executor, email: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('password_reset_codes').values({ email, code_hash: codeHash, expires_at: expiresAt }).execute();
}

/** Locks the matching unused, unexpired code so two resets cannot both use it. */
export function findUsableResetCode(trx: Transaction<Database>, email: string, codeHash: string, now: Date) {
  return trx
    .selectFrom('password_reset_codes')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('code_hash', '=', codeHash)
    .where('used', '=', false)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

/** Any one code used spends all of that address's codes. */
export async function spendResetCodes(trx: Transaction<Database>, email: string): Promise<void> {
  await trx
    .updateTable('password_reset_codes')
    .set({ used: true })
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute();
}
