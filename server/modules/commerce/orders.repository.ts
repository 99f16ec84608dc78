/** SQL of orders: created once, closed once by a conditional update, and the money they move with its ledger. */
import { sql, type Transaction } from 'kysely';
import { type BuyType, OrderStatus } from '#protocol/commerce.ts';
import type { Db } from '../../db/database.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;
export type Trx = Transaction<Database>;

export interface OrderRow {
  id: string;
  provider_order_id: string | null;
  user_id: number;
  target_id: number;
  type: BuyType;
  spec_id: number;
  amount: string;
  gold_pay: boolean;
  blessing: string;
  status: number;
  capture_id: string | null;
  created_at: Date;
  closed_at: Date | null;
}

export type NewOrder = Omit<OrderRow, 'provider_order_id' | 'status' | 'capture_id' | 'closed_at'>;

/**
 * Inserts the orders whose id is not there yet (one statement): the rows inserted. The values go as one array per
 * column, so a batch of any size is the same prepared statement (a multi-row `values` list changed its text with
 * the batch and, past 64 parameters, ran unprepared).
 */
export async function insertOrders(db: Executor, orders: NewOrder[]): Promise<OrderRow[]> {
  if (orders.length === 0) return [];
  const column = <K extends keyof NewOrder>(key: K) => orders.map((o) => o[key]);
  const { rows } = await sql<OrderRow>`
    insert into orders (id, user_id, target_id, type, spec_id, amount, gold_pay, blessing, created_at)
    select * from unnest(${column('id')}::uuid[], ${column('user_id')}::int[], ${column('target_id')}::int[],
      ${column('type')}::text[], ${column('spec_id')}::int[], ${column('amount')}::numeric[],
      ${column('gold_pay')}::boolean[], ${column('blessing')}::text[], ${column('created_at')}::timestamptz[])
    on conflict (id) do nothing
    returning *`.execute(db);
  return rows;
}

export async function findOrdersByIds(db: Executor, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom('orders')
    .selectAll()
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .execute()) as OrderRow[];
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  return (await findOrdersByIds(db, [id]))[0];
}

export async function findOrderByProviderId(db: Executor, providerOrderId: string): Promise<OrderRow | undefined> {
  return (await db
    .selectFrom('orders')
    .selectAll()
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst()) as OrderRow | undefined;
}

export async function setProviderOrderId(db: Executor, id: string, providerOrderId: string): Promise<OrderRow> {
  await db
    .updateTable('orders')
    .set({ provider_order_id: providerOrderId })
    .where('id', '=', id)
    .where('provider_order_id', 'is', null)
    .execute();
  return (await findOrderById(db, id))!;
}

/** 1 → `status` once: whether this call moved it (false: it was not at 1 any more). */
export async function closeOrder(
  db: Executor,
  id: string,
  status: typeof OrderStatus.cancelled | typeof OrderStatus.completed,
  now: Date,
): Promise<boolean> {
  return (await closeOrders(db, [{ id, captureId: null }], status, now)).length === 1;
}

/**
 * 1 → `status` for each order, by one conditional update (`… where status = 1 returning`): the ids this call moved;
 * an order no longer at 1 is left as it is and absent from the answer.
 */
export async function closeOrders(
  db: Executor,
  closes: { id: string; captureId: string | null }[],
  status: typeof OrderStatus.cancelled | typeof OrderStatus.completed,
  now: Date,
): Promise<string[]> {
  if (closes.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    update orders o set status = ${status}, closed_at = ${now}, capture_id = coalesce(d.capture_id, o.capture_id)
    from unnest(${closes.map((c) => c.id)}::uuid[], ${closes.map((c) => c.captureId)}::text[]) as d(id, capture_id)
    where o.id = d.id and o.status = ${OrderStatus.created} returning o.id`.execute(db);
  return rows.map((r) => r.id);
}

/** An order as a settling batch reads it: what the decision and the answer need, no timestamps. */
export type LockedOrder = Omit<OrderRow, 'created_at' | 'closed_at'>;

/** The orders of `ids` FOR UPDATE, in id order: a settling batch locks its orders first, then their members. */
export async function lockOrders(trx: Trx, ids: string[]): Promise<LockedOrder[]> {
  const { rows } = await sql<LockedOrder>`
    select id, provider_order_id, user_id, target_id, type, spec_id, amount, gold_pay, blessing, status, capture_id
    from orders where id = any(${[...new Set(ids)]}::uuid[]) order by id for update`.execute(trx);
  return rows;
}

/** Orders at status 1 created before `before`, oldest first. */
export async function openOrdersBefore(db: Executor, before: Date, limit: number): Promise<OrderRow[]> {
  return (await db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', OrderStatus.created)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()) as OrderRow[];
}

export interface Holder {
  id: number;
  staff_account: boolean;
  buy_character_count: number;
  give_character_count: number;
  buy_gold: string;
  give_gold: string;
  day_characters: number;
  day_characters_date: string | null;
}

/** Members' rows FOR UPDATE, in id order, so that two members gifting each other never deadlock. */
export async function lockHolders(trx: Trx, ids: number[]): Promise<Map<number, Holder>> {
  const { rows } = await sql<Holder>`
    select id, staff_account, buy_character_count, give_character_count, buy_gold, give_gold, day_characters,
      day_characters_date
    from users where id = any(${[...new Set(ids)]}::int[]) order by id for update`.execute(trx);
  return new Map(rows.map((r) => [r.id, r]));
}

export type BalanceColumn = 'buy_character_count' | 'give_character_count' | 'buy_gold' | 'give_gold';

/** One change of one balance: its ledger row (`delta`, the balance `after` it). */
export interface BalanceMove {
  userId: number;
  column: BalanceColumn;
  kind: string;
  delta: string;
  after: string;
  ref: string;
}

const BALANCE_COLUMNS: BalanceColumn[] = ['buy_character_count', 'give_character_count', 'buy_gold', 'give_gold'];

/**
 * Applies `moves` (in order) in one statement: a conditional update of each member's balances by the sum of their
 * deltas, which never drives a balance negative (`where … + delta >= 0`; false when it would, and nothing may then
 * be kept), and the insert of every ledger row in order.
 */
export async function moveBalances(trx: Trx, moves: BalanceMove[], now: Date): Promise<boolean> {
  if (moves.length === 0) return true;
  // Each member's net change per column, in hundredths, in one pass (a batch of 200 payments moves 400 balances).
  const sums = new Map<number, number[]>();
  for (const m of moves) {
    const row = sums.get(m.userId) ?? BALANCE_COLUMNS.map(() => 0);
    sums.set(m.userId, row);
    row[BALANCE_COLUMNS.indexOf(m.column)]! += Math.round(Number(m.delta) * 100);
  }
  const users = [...sums.keys()];
  const net = BALANCE_COLUMNS.map((_, n) => users.map((id) => sums.get(id)![n]!));
  const [buyChars, giveChars, buyGold, giveGold] = net.map((cents, n) =>
    cents.map((c) => (n < 2 ? String(c / 100) : (c / 100).toFixed(2))),
  ) as [string[], string[], string[], string[]];
  // One statement: the ledger rows are written only when every member's update went through (otherwise the caller
  // hears false and rolls the transaction back anyway).
  const { rows } = await sql<{ moved: number }>`
    with moved as (
      update users u set
        buy_character_count = u.buy_character_count + d.buy_chars,
        give_character_count = u.give_character_count + d.give_chars,
        buy_gold = u.buy_gold + d.buy_gold, give_gold = u.give_gold + d.give_gold
      from unnest(${users}::int[], ${buyChars}::int[], ${giveChars}::int[], ${buyGold}::numeric[], ${giveGold}::numeric[])
        as d(id, buy_chars, give_chars, buy_gold, give_gold)
      where u.id = d.id and u.buy_character_count + d.buy_chars >= 0 and u.give_character_count + d.give_chars >= 0
        and u.buy_gold + d.buy_gold >= 0 and u.give_gold + d.give_gold >= 0
      returning u.id),
    written as (
      insert into ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
      select m.user_id, m.kind, m.delta, m.after, 'purchase', m.ref, ${now}::timestamptz
      from unnest(${moves.map((m) => m.userId)}::int[], ${moves.map((m) => m.kind)}::text[],
        ${moves.map((m) => m.delta)}::numeric[], ${moves.map((m) => m.after)}::numeric[], ${moves.map((m) => m.ref)}::text[])
        with ordinality as m(user_id, kind, delta, after, ref, ord)
      where (select count(*) from moved) = ${users.length}
      order by m.ord)
    select count(*)::int as moved from moved`.execute(trx);
  return rows[0]!.moved === users.length;
}

/** Day characters raised by a purchase (ledger.ts dayTopUp): each member's new count, with its ledger row. */
export async function topUpDayCharacters(
  trx: Trx,
  rows: { userId: number; add: number; after: number; ref: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update users u set day_characters = d.after
    from unnest(${rows.map((r) => r.userId)}::int[], ${rows.map((r) => r.after)}::int[]) as d(id, after)
    where u.id = d.id`.execute(trx);
  await sql`
    insert into ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
    select d.user_id, 'day_character', d.add, d.after, 'purchase', d.ref, ${now}::timestamptz
    from unnest(${rows.map((r) => r.userId)}::int[], ${rows.map((r) => r.add)}::numeric[],
      ${rows.map((r) => r.after)}::numeric[], ${rows.map((r) => r.ref)}::text[]) as d(user_id, add, after, ref)`.execute(
    trx,
  );
}

/** The running memberships (ends_at after `now`) of some members. */
export async function runningMembershipsOf(
  db: Executor,
  userIds: number[],
  now: Date,
): Promise<{ user_id: number; level_name: string; ends_at: Date }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('memberships')
    .select(['user_id', 'level_name', 'ends_at'])
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::int[])`)
    .where('ends_at', '>', now)
    .execute();
}

/** The running memberships of a member (ends_at after `now`). */
export async function runningMemberships(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ level_name: string; ends_at: Date }[]> {
  return runningMembershipsOf(db, [userId], now);
}

/** Memberships that ended and whose member was not told yet, marked told in the same statement. */
export async function claimEndedMemberships(
  db: Executor,
  now: Date,
): Promise<{ user_id: number; level_name: string }[]> {
  const { rows } = await sql<{ user_id: number; level_name: string }>`
    update memberships set end_noticed_at = ${now}
    where ends_at <= ${now} and end_noticed_at is null returning user_id, level_name`.execute(db);
  return rows;
}

export async function isBlockedBy(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a webhook event once: true when this delivery is the first of its id. */
export async function storeWebhookEvent(
  db: Executor,
  e: { id: string; eventType: string; body: unknown; now: Date },
): Promise<boolean> {
  const rows = await db
    .insertInto('webhook_events')
    .values({ id: e.id, event_type: e.eventType, body: JSON.stringify(e.body), received_at: e.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function pendingWebhookEvents(db: Executor, limit: number) {
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('processed_at', 'is', null)
    .orderBy('received_at')
    .limit(limit)
    .execute();
}

export async function markWebhookProcessed(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('webhook_events').set({ processed_at: now }).where('id', '=', id).execute();
}

export type { OrdersTable };
