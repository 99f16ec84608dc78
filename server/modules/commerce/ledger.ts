/**
 * The money of orders (docs/api.md, Commerce): orders opened, and what completed orders credit or spend in the
 * transaction that closes them, with the type 3-7 chat messages that tell of it. Both are written in batches
 * (order-batches.ts: one transaction for all the items queued meanwhile, a few set-based statements whatever their
 * number). The order flow (commerce.service.ts) calls in here; nothing here calls back into it.
 */
import {
  type BuyType,
  dayAllowance,
  dayTopUp,
  extendMembership,
  giftMessageType,
  goldSplit,
  levelOf,
  NOT_ENOUGH_GOLD,
  type Order,
  OrderStatus,
  SENIOR_FOR_VIP,
  toCents,
} from '#protocol/commerce.ts';
import { LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/database.ts';
import { conflict, DomainError, invalid, notFound, paymentRequired } from '../../domain/errors.ts';
import { type SystemMessageInput, sendSystemMessage, sendSystemMessages } from '../chat/chat.writer.ts';
import { upsertMembership } from '../users/users.repository.ts';
import { noSuchMember, utcDay } from '../users/users.rules.ts';
import { findSpecs, memberAllowances, type Spec } from './catalogue.repository.ts';
import * as repo from './orders.repository.ts';

export const CAPTURE_USED = 'This payment was already used for another order; nothing was credited';
export const NO_SUCH_ORDER = 'No such order';
export const ORDER_CANCELED = 'This order was canceled';
export const NOT_CAPTURED = 'The payment was not completed; nothing was charged';
export const ORDER_MISMATCH = 'The order does not match this purchase (type, id, target or goldPay differ)';
export const PACKAGE_GONE = 'This package is no longer sold; nothing was charged';
export const ORDER_ID_TAKEN = 'orderId is already used by another order';

export const SPEC_NAMES: Record<BuyType, string> = {
  character: 'character package',
  gold: 'gold package',
  member: 'plan',
};

export function toOrder(row: repo.LockedOrder): Order {
  return {
    orderId: row.provider_order_id ?? row.id,
    type: row.type,
    specId: row.spec_id,
    targetId: row.target_id,
    amount: Number(row.amount),
    goldPay: row.gold_pay,
    status: row.status as OrderStatus,
  };
}

/** Senior for a member who is VIP now: 409 with the product's warning. */
export async function checkSeniorForVip(db: repo.Executor, spec: Spec, targetId: number, now: Date): Promise<void> {
  if (spec.levelName !== LEVEL_SENIOR) return;
  const running = await repo.runningMemberships(db, targetId, now);
  if (running.some((m) => m.level_name === LEVEL_VIP)) throw conflict(SENIOR_FOR_VIP);
}

const goldText = (cents: number) => (cents / 100).toFixed(2);
const isGold = (column: repo.BalanceColumn) => column === 'buy_gold' || column === 'give_gold';

/** Moves one balance of a locked member (cents for gold, units for characters): the ledger row it needs. */
function move(h: repo.Holder, column: repo.BalanceColumn, delta: number, ref: string): repo.BalanceMove {
  if (isGold(column)) {
    const after = toCents(h[column as 'buy_gold' | 'give_gold']) + delta;
    h[column as 'buy_gold' | 'give_gold'] = goldText(after);
    return { userId: h.id, column, kind: column, delta: goldText(delta), after: goldText(after), ref };
  }
  const c = column as 'buy_character_count' | 'give_character_count';
  h[c] += delta;
  const kind = c === 'buy_character_count' ? 'buy_character' : 'give_character';
  return { userId: h.id, column, kind, delta: String(delta), after: String(h[c]), ref };
}

/** An order to open (status 1): our id for it, who buys what for whom, and the amount the client claims it costs. */
export interface Opening {
  id: string;
  userId: number;
  targetId: number;
  type: BuyType;
  specId: number;
  goldPay: boolean;
  blessing: string;
  claimedAmount: unknown;
}

export type Opened = { row: repo.OrderRow } | { error: DomainError };

/**
 * Opens a batch of orders; outcomes in the order of `items`. Each is checked against the catalogue (the package
 * exists, the claimed amount is its price, senior never for a member who is VIP now), then all are inserted in one
 * statement, the batch's only write (no transaction needed); an id already there (a retried 1) answers its row when
 * it is the same purchase.
 */
export async function openBatch(ctx: AppContext, db: repo.Executor, items: Opening[]): Promise<Opened[]> {
  const now = ctx.now();
  const specs = await findSpecs(
    db,
    items.map((i) => i.specId),
  );
  const seniorTargets = items.filter((i) => specs.get(i.specId)?.levelName === LEVEL_SENIOR).map((i) => i.targetId);
  const vips = new Set(
    (await repo.runningMembershipsOf(db, seniorTargets, now))
      .filter((m) => m.level_name === LEVEL_VIP)
      .map((m) => m.user_id),
  );
  const fresh: repo.NewOrder[] = [];
  const checked = items.map((i): DomainError | repo.NewOrder => {
    const spec = specs.get(i.specId);
    if (spec?.type !== i.type) return invalid(`id: there is no ${SPEC_NAMES[i.type]} with id ${i.specId}`);
    if (i.claimedAmount !== undefined && toCents(Number(i.claimedAmount)) !== toCents(spec.amount)) {
      return invalid(`amount: this ${SPEC_NAMES[i.type]} costs $${spec.amount.toFixed(2)}`);
    }
    if (spec.levelName === LEVEL_SENIOR && vips.has(i.targetId)) return conflict(SENIOR_FOR_VIP);
    const order = {
      id: i.id,
      user_id: i.userId,
      target_id: i.targetId,
      type: i.type,
      spec_id: spec.id,
      amount: spec.amount.toFixed(2),
      gold_pay: i.goldPay,
      blessing: i.targetId === i.userId ? '' : i.blessing,
      created_at: now,
    };
    fresh.push(order);
    return order;
  });
  const rows = new Map((await repo.insertOrders(db, fresh)).map((r) => [r.id, r]));
  const retried = fresh.filter((o) => !rows.has(o.id)).map((o) => o.id);
  for (const r of await repo.findOrdersByIds(db, retried)) rows.set(r.id, r);
  return checked.map((c) => {
    if (c instanceof DomainError) return { error: c };
    const row = rows.get(c.id)!;
    const same =
      row.user_id === c.user_id && row.type === c.type && row.spec_id === c.spec_id && row.target_id === c.target_id;
    return same ? { row } : { error: conflict(ORDER_ID_TAKEN) };
  });
}

/**
 * A completion to settle: the member asking, our order id, what their request says the order is (a
 * gold payment's 4 is checked here, with no read before), and for a card order the completed capture the server saw
 * at the provider (a card order is never completed without one).
 */
export interface Settlement {
  userId: number;
  orderId: string;
  claim?: { type: BuyType; specId: number; targetId: number; goldPay: boolean } | undefined;
  captureId?: string | undefined;
}

export type Settled = { order: Order; deliveries: (() => void)[] } | { error: DomainError };

/**
 * Settles a batch of completions in the caller's transaction; outcomes in the order of `items`. The orders are locked
 * (in id order), then their payers and targets (in id order: two members gifting each other never deadlock); each
 * completion is then decided in order against the locked balances: the order still at 1 and matching the request,
 * its catalogue entry there, senior never for a member who is VIP, gold covering the amount (give gold first, then
 * buy gold; staff pay nothing). A gold order refused on any of these is cancelled (1 → 3), nothing charged. What it moves is written set-based:
 * one `update orders … where status = 1 returning` for all orders it closes, one conditional update of the balances
 * that never drives one negative, one insert of every ledger row, one of every message. A completion repeated in the
 * batch or already done answers the completed order and credits nothing.
 */
export async function settleBatch(ctx: AppContext, trx: Tx, items: Settlement[]): Promise<Settled[]> {
  const now = ctx.now();
  const orders = new Map(
    (
      await repo.lockOrders(
        trx,
        items.map((i) => i.orderId),
      )
    ).map((r) => [r.id, r]),
  );
  const open = [...orders.values()].filter((o) => o.status === OrderStatus.created);
  const specs = await findSpecs(
    trx,
    open.map((o) => o.spec_id),
  );
  const holders = await repo.lockHolders(
    trx,
    open.flatMap((o) => [o.user_id, o.target_id]),
  );
  // Running memberships by `${user}:${level}`, extended as the batch goes.
  const memberships = new Map<string, Date>();
  const memberTargets = [...new Set(open.filter((o) => o.type === 'member').map((o) => o.target_id))];
  for (const m of await repo.runningMembershipsOf(trx, memberTargets, now)) {
    memberships.set(`${m.user_id}:${m.level_name}`, new Date(m.ends_at));
  }
  const allowances = memberTargets.length > 0 ? await memberAllowances(trx) : [];
  const dayAllowanceOf = (userId: number) => {
    const running = allowances.map((c) => c.levelName).filter((level) => memberships.has(`${userId}:${level}`));
    return dayAllowance(levelOf(running, allowances), allowances);
  };
  const allowanceBefore = new Map(memberTargets.map((id) => [id, dayAllowanceOf(id)]));
  const lastMemberOrder = new Map<number, string>();
  const extended = new Map<string, { user_id: number; level_name: string; level_sort: number; ends_at: Date }>();
  const moves: repo.BalanceMove[] = [];
  const closes: { id: string; captureId: string | null }[] = [];
  const cancels: { id: string; captureId: null }[] = [];
  const messages: { n: number; input: SystemMessageInput }[] = [];

  const settleOne = (item: Settlement, n: number): Settled => {
    const row = orders.get(item.orderId);
    if (!row || row.user_id !== item.userId) return { error: notFound(NO_SUCH_ORDER) };
    const c = item.claim;
    if (
      c &&
      (row.type !== c.type || row.spec_id !== c.specId || row.target_id !== c.targetId || row.gold_pay !== c.goldPay)
    ) {
      return { error: invalid(ORDER_MISMATCH) };
    }
    if (row.status === OrderStatus.completed) return { order: toOrder(row), deliveries: [] };
    if (row.status === OrderStatus.cancelled) return { error: conflict(ORDER_CANCELED) };
    if (!row.gold_pay && item.captureId === undefined) return { error: paymentRequired(NOT_CAPTURED) };
    // A gold order has nobody outside to complete it later: refused, it is cancelled (1 → 3) in this transaction, by
    // the same conditional update, and the client's next try opens a new order. A captured card order is left open
    // and logged (the money was taken: a refund by hand).
    const refuse = (error: DomainError): Settled => {
      if (row.gold_pay) {
        row.status = OrderStatus.cancelled;
        cancels.push({ id: row.id, captureId: null });
      } else {
        ctx.log.error({ orderId: row.id, captureId: item.captureId, err: error }, 'captured, but refused');
      }
      return { error };
    };
    const spec = specs.get(row.spec_id);
    if (spec?.type !== row.type) return refuse(conflict(PACKAGE_GONE));
    const payer = holders.get(row.user_id);
    const target = holders.get(row.target_id);
    if (!payer || !target) return refuse(noSuchMember());
    const level = spec.levelName;
    if (level === LEVEL_SENIOR && memberships.has(`${row.target_id}:${LEVEL_VIP}`)) {
      return refuse(conflict(SENIOR_FOR_VIP));
    }
    const ref = `order:${row.id}`;
    const notes: string[] = [];
    if (row.gold_pay) {
      const split = goldSplit(
        toCents(row.amount),
        { giveCents: toCents(payer.give_gold), buyCents: toCents(payer.buy_gold) },
        payer.staff_account,
      );
      if (!split) return refuse(paymentRequired(NOT_ENOUGH_GOLD));
      if (split.giveCents > 0) moves.push(move(payer, 'give_gold', -split.giveCents, ref));
      if (split.buyCents > 0) moves.push(move(payer, 'buy_gold', -split.buyCents, ref));
      if (split.giveCents + split.buyCents > 0) notes.push(`gold -${goldText(split.giveCents + split.buyCents)}`);
    }
    const gift = row.target_id !== row.user_id;
    if (row.type === 'member') {
      const key = `${row.target_id}:${level}`;
      const endsAt = extendMembership(memberships.get(key), now, spec.num);
      memberships.set(key, endsAt);
      extended.set(key, { user_id: row.target_id, level_name: level!, level_sort: spec.levelSort!, ends_at: endsAt });
      lastMemberOrder.set(row.target_id, row.id);
      if (!gift) notes.push(`${level} +${spec.num} months`);
    } else {
      const prefix = gift ? 'give' : 'buy';
      const column = row.type === 'character' ? (`${prefix}_character_count` as const) : (`${prefix}_gold` as const);
      moves.push(move(target, column, row.type === 'gold' ? spec.num * 100 : spec.num, ref));
      if (!gift) notes.push(`${row.type} +${spec.num}`);
    }
    row.status = OrderStatus.completed;
    row.capture_id = item.captureId ?? row.capture_id;
    closes.push({ id: row.id, captureId: item.captureId ?? null });
    if (gift) {
      const type = giftMessageType(row.type, level);
      messages.push({ n, input: { senderId: row.user_id, toId: row.target_id, type, msg: row.blessing } });
    }
    if (notes.length > 0) {
      const msg = JSON.stringify({ reason: 'purchase', orderId: toOrder(row).orderId, changes: notes });
      messages.push({ n, input: { senderId: row.user_id, toId: row.user_id, type: 7, msg } });
    }
    return { order: toOrder(row), deliveries: [] };
  };
  const outcomes = items.map(settleOne);

  const closed = await repo.closeOrders(trx, closes, OrderStatus.completed, now);
  if (closed.length !== closes.length) throw new Error('an order this batch locked moved meanwhile');
  const cancelled = await repo.closeOrders(trx, cancels, OrderStatus.cancelled, now);
  if (cancelled.length !== cancels.length) throw new Error('an order this batch locked moved meanwhile');
  if (!(await repo.moveBalances(trx, moves, now))) throw new Error('a balance this batch locked would go negative');
  for (const m of extended.values()) await upsertMembership(trx, m);
  // A level bought today raises today's day characters by what it allows beyond the old level (dayTopUp).
  const topUps = [...lastMemberOrder].flatMap(([userId, orderId]) => {
    const holder = holders.get(userId)!;
    const usedToday = holder.day_characters_date === utcDay(now);
    const add = dayTopUp(allowanceBefore.get(userId)!, dayAllowanceOf(userId), usedToday);
    return add > 0 ? [{ userId, add, after: holder.day_characters + add, ref: `order:${orderId}` }] : [];
  });
  await repo.topUpDayCharacters(trx, topUps, now);
  const sent = await sendSystemMessages(
    ctx,
    trx,
    messages.map((m) => m.input),
  );
  for (const [k, m] of messages.entries()) {
    (outcomes[m.n] as { deliveries: (() => void)[] }).deliveries.push(sent[k]!.deliver);
  }
  return outcomes;
}

/** Members whose membership ended get a type 7 message, once (the reconciler's pass). */
export async function announceEndedMemberships(ctx: AppContext, now: Date): Promise<void> {
  for (const ended of await repo.claimEndedMemberships(ctx.db, now)) {
    await sendSystemMessage(ctx, ctx.db, {
      senderId: ended.user_id,
      toId: ended.user_id,
      type: 7,
      msg: JSON.stringify({ reason: 'membershipEnded', levelName: ended.level_name }),
    }).catch((error) => ctx.log.warn({ err: error }, 'membership end message failed'));
  }
}
