/** SQL of translation: the message to translate, the payer's row under lock, the charge with its ledger, the cache. */
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { DAILY_CHARACTERS } from '#protocol/constants.ts';
import type { LevelName } from '#protocol/user.ts';
import type { Db } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';

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

export type Payer = UserRow & { level_name: LevelName; day_allowance: number };

/**
 * The member's level (the running membership with the lowest level_sort, as users.rules currentMember picks it) and
 * its day allowance: the member config's dayCharacters (docs/api.md, Commerce), else DAILY_CHARACTERS.
 */
const levelAndAllowance = (now: Date) => sql`
  cross join lateral (select coalesce((select m.level_name from memberships m where m.user_id = u.id
    and m.ends_at > ${now} order by m.level_sort limit 1), '') as level_name) l
  left join member_configs c on c.level_name = l.level_name`;
const LEVEL_COLUMNS = sql`l.level_name, coalesce(c.day_characters, ${DAILY_CHARACTERS}) as day_allowance`;

/**
 * The payer with the membership level and allowance, in one query; `lock` takes the row FOR UPDATE until the
 * transaction ends, so concurrent translations by one member pay one at a time.
 */
async function payer(db: Executor, userId: number, now: Date, lock: boolean): Promise<Payer | undefined> {
  const { rows } = await sql<Payer>`
    select u.*, ${LEVEL_COLUMNS}
    from users u ${levelAndAllowance(now)}
    where u.id = ${userId} ${lock ? sql`for update of u` : sql``}`.execute(db);
  return rows[0];
}

export const findPayer = (db: Executor, userId: number, now: Date) => payer(db, userId, now, false);

/** The payer (as findPayer) and the message `msgId` (undefined when there is none), in one query. */
export async function findPayerAndMessage(
  db: Executor,
  userId: number,
  msgId: number,
  now: Date,
): Promise<{ payer: Payer; message: MessageToTranslate | undefined } | undefined> {
  const { rows } = await sql<Payer & { message: (Omit<MessageToTranslate, 'id'> & { id: number }) | null }>`
    select u.*, ${LEVEL_COLUMNS},
      (select json_build_object('id', g.id, 'sender_id', g.sender_id, 'to_id', g.to_id, 'type', g.type, 'msg', g.msg,
        'lang', g.lang, 'translations', g.translations) from messages g where g.id = ${String(msgId)}) as message
    from users u ${levelAndAllowance(now)} where u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { message, ...payer } = row;
  return { payer, message: message ? { ...message, id: String(message.id) } : undefined };
}
export const lockPayer = (trx: Trx, userId: number, now: Date) => payer(trx, userId, now, true);

export async function cachedTranslation(db: Executor, msgId: number, lang: string): Promise<string | undefined> {
  const { rows } = await sql<{ text: string | null }>`
    select translations ->> ${lang} as text from messages where id = ${String(msgId)}`.execute(db);
  return rows[0]?.text ?? undefined;
}

export interface Balances {
  day_characters: number;
  day_characters_date: string;
  register_character_count: number;
  give_character_count: number;
  buy_character_count: number;
  give_gold: string;
  buy_gold: string;
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

/** A translation to store on its message, unless the message has one for `lang` already. */
export interface Claim {
  msgId: number;
  lang: string;
  text: string;
}

/**
 * The one statement that pays: `guard` yields the payer's row when the charge may go ahead; then `claim` is stored on
 * its message unless it is there already (none: always), and only then the payer's new balances are written with one
 * ledger row per source spent. Answers whether the guard let it through and whether it paid.
 */
function chargeStatement(
  userId: number,
  guard: RawBuilder<unknown>,
  claim: Claim | undefined,
  b: Balances,
  ledger: LedgerInsert[],
) {
  const claimed = claim
    ? sql`update messages set translations = translations || jsonb_build_object(${claim.lang}::text, ${claim.text}::text)
        where id = ${String(claim.msgId)} and (translations ->> ${claim.lang}) is null and exists (select 1 from guard)
        returning id`
    : sql`select 1 as id from guard`;
  return sql<{ matched: boolean; paid: boolean }>`
    with guard as (${guard}),
    claimed as (${claimed}),
    paid as (
      update users set day_characters = ${b.day_characters}, day_characters_date = ${b.day_characters_date}::date,
        register_character_count = ${b.register_character_count}, give_character_count = ${b.give_character_count},
        buy_character_count = ${b.buy_character_count}, give_gold = ${b.give_gold}::numeric,
        buy_gold = ${b.buy_gold}::numeric
      where id = ${userId} and exists (select 1 from claimed) returning id),
    ledger_rows as (
      insert into ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
      select * from unnest(${ledger.map((r) => r.user_id)}::int[], ${ledger.map((r) => r.kind)}::text[],
        ${ledger.map((r) => r.delta)}::numeric[], ${ledger.map((r) => r.balance_after)}::numeric[],
        ${ledger.map((r) => r.reason)}::text[], ${ledger.map((r) => r.ref)}::text[],
        ${ledger.map((r) => r.created_at)}::timestamptz[])
      where exists (select 1 from paid))
    select exists (select 1 from guard) as matched, exists (select 1 from paid) as paid`;
}

/**
 * Pays under the lock lockPayer took (the charge planned on the locked balances): answers whether it paid; false
 * means a concurrent request cached the same translation first, and nothing was charged. Rows are always locked
 * payer first, message second: no deadlock.
 */
export async function claimAndCharge(
  trx: Trx,
  userId: number,
  claim: Claim | undefined,
  b: Balances,
  ledger: LedgerInsert[],
): Promise<boolean> {
  const { rows } = await chargeStatement(userId, sql`select 1 as id`, claim, b, ledger).execute(trx);
  return rows[0]?.paid === true;
}

/**
 * Pays in one statement, without a transaction around it, when the payer's balances, level allowance and staff flag
 * are still what `seen` read (the charge was planned on them): the row is locked within the statement and checked
 * against its latest version, so a concurrent charge makes this one 'changed', with nothing written, and the caller
 * pays under the lock instead. 'cached': a concurrent request stored the same translation first; nothing charged.
 */
export async function chargeIfUnchanged(
  db: Executor,
  seen: Payer,
  now: Date,
  claim: Claim | undefined,
  b: Balances,
  ledger: LedgerInsert[],
): Promise<'paid' | 'cached' | 'changed'> {
  const guard = sql`
    select u.id from users u ${levelAndAllowance(now)}
    where u.id = ${seen.id} and u.day_characters = ${seen.day_characters}
      and u.day_characters_date is not distinct from ${seen.day_characters_date}::date
      and u.register_character_count = ${seen.register_character_count}
      and u.give_character_count = ${seen.give_character_count}
      and u.buy_character_count = ${seen.buy_character_count}
      and u.give_gold = ${seen.give_gold}::numeric and u.buy_gold = ${seen.buy_gold}::numeric
      and u.staff_account = ${seen.staff_account}
      and coalesce(c.day_characters, ${DAILY_CHARACTERS}) = ${seen.day_allowance}
    for update of u`;
  const { rows } = await chargeStatement(seen.id, guard, claim, b, ledger).execute(db);
  const row = rows[0];
  if (!row?.matched) return 'changed';
  return row.paid ? 'paid' : 'cached';
}
