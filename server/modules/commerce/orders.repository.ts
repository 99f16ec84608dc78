/** SQL of orders: created once, closed once by a conditional update, and the money they move with its ledger. */
import { sql, type Transaction } from 'kysely';
import type { BuyType } from '#protocol/commerce.ts';
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

/** Inserts the order unless its id exists; answers the stored row either way (the caller checks it is the same). */
export async function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow> {
  await db
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await findOrderById(db, order.id))!;
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  return (await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) as OrderRow | undefined;
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

/** 1 → `status` once: the row when this call moved it, undefined when it was not at 1 any more. */
export async function closeOrder(
  db: Executor,
  id: string,
  status: 3 | 4,
  now: Date,
  captureId: string | null = null,
): Promise<OrderRow | undefined> {
  const { rows } = await sql<OrderRow>`
    update orders set status = ${status}, closed_at = ${now}, capture_id = coalesce(${captureId}, capture_id)
    where id = ${id}::uuid and status = 1 returning *`.execute(db);
  return rows[0];
}

/** Orders at status 1 created before `before`, oldest first. */
export async function openOrdersBefore(db: Executor, before: Date, limit: number): Promise<OrderRow[]> {
  return (await db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 1)
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
}

/** The payer's and the target's rows FOR UPDATE, in id order so that two members gifting each other never deadlock. */
export async function lockHolders(trx: Trx, ids: number[]): Promise<Map<number, Holder>> {
  const { rows } = await sql<Holder>`
    select id, staff_account, buy_character_count, give_character_count, buy_gold, give_gold
    from users where id = any(${[...new Set(ids)]}::int[]) order by id for update`.execute(trx);
  return new Map(rows.map((r) => [r.id, r]));
}

export type BalanceColumn = 'buy_character_count' | 'give_character_count' | 'buy_gold' | 'give_gold';

/** Sets one balance column and writes its ledger row (delta and the balance after) in one statement. */
export async function moveBalance(
  trx: Trx,
  m: { userId: number; column: BalanceColumn; kind: string; delta: string; after: string; ref: string; now: Date },
): Promise<void> {
  await sql`
    with changed as (update users set ${sql.ref(m.column)} = ${m.after}::numeric where id = ${m.userId} returning id)
    insert into ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
    select ${m.userId}, ${m.kind}, ${m.delta}::numeric, ${m.after}::numeric, 'purchase', ${m.ref}, ${m.now}
    from changed`.execute(trx);
}

/** The running memberships of a member (ends_at after `now`). */
export async function runningMemberships(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ level_name: string; ends_at: Date }[]> {
  return db
    .selectFrom('memberships')
    .select(['level_name', 'ends_at'])
    .where('user_id', '=', userId)
    .where('ends_at', '>', now)
    .execute();
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
