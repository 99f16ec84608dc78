/** SQL of translation: the message to translate, the payer's row under lock, balances, ledger rows and the cache. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UserUpdate } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;
export type Trx = Transaction<Database>;

export interface MessageToTranslate {
  id: string;
  sender_id: number;
  to_id: number;
  type: number;
  msg: string;
  lang: string;
  translations: Record<string, string>;
}

export function findMessage(db: Executor, id: number): Promise<MessageToTranslate | undefined> {
  return db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'to_id', 'type', 'msg', 'lang', 'translations'])
    .where('id', '=', String(id))
    .executeTakeFirst();
}

export function findPayer(db: Executor, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The payer's row, locked until the transaction ends: concurrent translations by one member pay one at a time. */
export function lockPayer(trx: Transaction<Database>, userId: number) {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The cached translation into `lang`, read under the message's row lock (taken after the payer's: no deadlock). */
export async function lockCachedTranslation(
  trx: Transaction<Database>,
  msgId: number,
  lang: string,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('messages')
    .select(sql<string | null>`translations ->> ${lang}`.as('text'))
    .where('id', '=', String(msgId))
    .forUpdate()
    .executeTakeFirst();
  return row?.text ?? undefined;
}

export async function storeTranslation(
  trx: Transaction<Database>,
  msgId: number,
  lang: string,
  text: string,
): Promise<void> {
  await sql`update messages set translations = translations || jsonb_build_object(${lang}::text, ${text}::text)
    where id = ${String(msgId)}`.execute(trx);
}

export async function updateBalances(trx: Transaction<Database>, userId: number, changes: UserUpdate): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export interface LedgerInsert {
  user_id: number;
  kind: string;
  delta: string;
  balance_after: string;
  reason: string;
  ref: string;
  created_at: Date;
}

export async function insertLedgerRows(trx: Transaction<Database>, rows: LedgerInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('ledger').values(rows).execute();
}
