/**
 * Orders (docs/api.md, Commerce). The order row is ours and made first (status 1); it moves 1 → 3 or 1 → 4 once, by a
 * conditional update inside the transaction that moves the money, so a replayed, doubled or concurrent completion
 * credits once. A card order completes only after the provider, asked by the server, shows it captured in USD for the
 * catalogue amount; a gold order only while the payer's locked gold covers it. Gifts credit the target's give*
 * balances and send a chat message of type 3-6; a balance change sends type 7 to its member.
 */
import { randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import {
  BUY_TYPES,
  type BuyType,
  extendMembership,
  giftMessageType,
  goldSplit,
  NOT_ENOUGH_GOLD,
  type Order,
  type OrderStatus,
  type PayConfig,
  SENIOR_FOR_VIP,
  toCents,
} from '#protocol/commerce.ts';
import { encryptedEnvelope, purchaseBody, UUID_PATTERN } from '#protocol/commerce-schemas.ts';
import { LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import {
  completedCapture,
  customIdOf,
  type PaymentProvider,
  PaymentProviderError,
  requestIds,
  type WebhookHeaders,
} from '../../adapters/payment/provider.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/database.ts';
import { conflict, forbidden, invalid, notFound, paymentRequired, upstreamFailed } from '../../domain/errors.ts';
import { parseInput } from '../../domain/parse.ts';
import { sendSystemMessage } from '../chat/chat.writer.ts';
import { upsertMembership } from '../users/users.repository.ts';
import { NO_SUCH_MEMBER } from '../users/users.rules.ts';
import { findSpec, type Spec } from './catalogue.repository.ts';
import * as repo from './orders.repository.ts';

export const BAD_CIPHERTEXT = 'data: the purchase body could not be decrypted with the payload key';
export const NOT_CAPTURED = 'The payment was not completed; nothing was charged';
export const CAPTURE_USED = 'This payment was already used for another order; nothing was credited';
export const PROVIDER_FAILED = 'The payment provider did not answer; nothing was charged, try again';
export const NO_SUCH_ORDER = 'No such order';
export const ORDER_CANCELED = 'This order was canceled';
export const GIFT_TO_SELF = 'You cannot send a gift to yourself';
export const BLOCKED_BY_TARGET = 'This member has blocked you';
export const BAD_WEBHOOK = 'The webhook signature is not valid';
const RECONCILE_AFTER_MS = 10 * 60_000;
const CANCEL_AFTER_MS = 3 * 3_600_000;

export type Purchase = ReturnType<typeof decryptPurchase>;

/** Services given to the order code: the provider (PAYMENT_PROVIDER) and the clock come from the context. */
export interface Commerce {
  provider: PaymentProvider;
}

export function payConfig(ctx: AppContext): PayConfig {
  const { provider, clientId } = ctx.config.payment;
  return {
    provider,
    ...(provider === 'paypal' && clientId ? { clientId } : {}),
    currency: 'USD',
    payloadKey: ctx.config.payloadKey,
  };
}

/** `{ data }` → the purchase body; anything that does not decrypt to a valid body is 400, nothing changes. */
export function decryptPurchase(envelope: unknown, key: string) {
  const { data } = parseInput(encryptedEnvelope, envelope);
  let text = '';
  try {
    text = CryptoJS.AES.decrypt(data, key).toString(CryptoJS.enc.Utf8);
  } catch {
    throw invalid(BAD_CIPHERTEXT);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid(BAD_CIPHERTEXT);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid(BAD_CIPHERTEXT);
  return parseInput(purchaseBody, body);
}

export function parseBuyType(raw: string): BuyType {
  if (!(BUY_TYPES as readonly string[]).includes(raw)) throw invalid(`type must be one of ${BUY_TYPES.join(', ')}`);
  return raw as BuyType;
}

export function toOrder(row: repo.OrderRow): Order {
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

const SPEC_NAMES: Record<BuyType, string> = { character: 'character package', gold: 'gold package', member: 'plan' };

/** The gift target: not oneself, existing, not having blocked the buyer (403). */
async function checkTarget(ctx: AppContext, userId: number, targetId: number): Promise<void> {
  if (targetId === userId) return;
  const target = await ctx.db.selectFrom('users').select('id').where('id', '=', targetId).executeTakeFirst();
  if (!target) throw notFound(NO_SUCH_MEMBER);
  if (await repo.isBlockedBy(ctx.db, targetId, userId)) throw forbidden(BLOCKED_BY_TARGET);
}

/** Senior for a member who is VIP now: 409 with the product's warning. */
async function checkSeniorForVip(db: repo.Executor, spec: Spec, targetId: number, now: Date): Promise<void> {
  if (spec.levelName !== LEVEL_SENIOR) return;
  const running = await repo.runningMemberships(db, targetId, now);
  if (running.some((m) => m.level_name === LEVEL_VIP)) throw conflict(SENIOR_FOR_VIP);
}

/** POST /api/buy/{type}[/{targetId}]: one step of a purchase, as paypalStatus says. */
export async function buy(
  ctx: AppContext,
  commerce: Commerce,
  userId: number,
  type: BuyType,
  giftTo: number | undefined,
  envelope: unknown,
): Promise<Order> {
  const body = decryptPurchase(envelope, ctx.config.payloadKey);
  if (giftTo === userId) throw invalid(GIFT_TO_SELF);
  const targetId = giftTo ?? userId;
  await checkTarget(ctx, userId, targetId);
  if (body.paypalStatus === 1) return create(ctx, commerce, userId, targetId, type, body);
  const order = await findOwnOrder(ctx, userId, body.orderId);
  if (
    order.type !== type ||
    order.spec_id !== body.id ||
    order.target_id !== targetId ||
    order.gold_pay !== body.goldPay
  ) {
    throw invalid('The order does not match this purchase (type, id, target or goldPay differ)');
  }
  if (body.paypalStatus === 3) return cancel(ctx, commerce, order);
  return complete(ctx, commerce, order);
}

async function findOwnOrder(ctx: AppContext, userId: number, orderId: string | undefined): Promise<repo.OrderRow> {
  if (orderId === undefined) throw invalid('orderId is required');
  const row = UUID_PATTERN.test(orderId)
    ? await repo.findOrderById(ctx.db, orderId.toLowerCase())
    : await repo.findOrderByProviderId(ctx.db, orderId);
  if (!row || row.user_id !== userId) throw notFound(NO_SUCH_ORDER);
  return row;
}

async function create(
  ctx: AppContext,
  commerce: Commerce,
  userId: number,
  targetId: number,
  type: BuyType,
  body: Purchase,
): Promise<Order> {
  const now = ctx.now();
  const spec = await findSpec(ctx.db, type, body.id);
  if (!spec) throw invalid(`id: there is no ${SPEC_NAMES[type]} with id ${body.id}`);
  const claimed = (body.payInfo as { amount?: unknown } | undefined)?.amount;
  if (claimed !== undefined && toCents(Number(claimed)) !== toCents(spec.amount)) {
    throw invalid(`amount: this ${SPEC_NAMES[type]} costs $${spec.amount.toFixed(2)}`);
  }
  if (type === 'gold' && body.goldPay) throw invalid('Gold coins cannot be bought with gold coins');
  await checkSeniorForVip(ctx.db, spec, targetId, now);
  if (body.goldPay && (body.orderId === undefined || !UUID_PATTERN.test(body.orderId))) {
    throw invalid('orderId must be a UUID the client makes for a gold payment');
  }
  if (body.orderId !== undefined && !UUID_PATTERN.test(body.orderId)) {
    throw invalid('orderId must be a UUID when creating an order');
  }
  const row = await repo.insertOrder(ctx.db, {
    id: (body.orderId ?? randomUUID()).toLowerCase(),
    user_id: userId,
    target_id: targetId,
    type,
    spec_id: spec.id,
    amount: spec.amount.toFixed(2),
    gold_pay: body.goldPay,
    blessing: targetId === userId ? '' : (body.blessing ?? ''),
    created_at: now,
  });
  if (row.user_id !== userId || row.type !== type || row.spec_id !== spec.id || row.target_id !== targetId) {
    throw conflict('orderId is already used by another order');
  }
  if (row.gold_pay || row.provider_order_id || row.status !== 1) return toOrder(row);
  // Our row is committed before the provider's order exists, so a webhook about it always finds it.
  const providerOrder = await ask(ctx, () => commerce.provider.createOrder(row.id, row.amount));
  return toOrder(await repo.setProviderOrderId(ctx.db, row.id, providerOrder.id));
}

async function ask<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.warn({ err: error }, 'payment provider failed');
    throw upstreamFailed(PROVIDER_FAILED);
  }
}

/** 3: cancels an open order; a card order the provider shows captured is completed instead, never lost. */
async function cancel(ctx: AppContext, commerce: Commerce, order: repo.OrderRow): Promise<Order> {
  if (order.status !== 1) return toOrder(order);
  if (!order.gold_pay && order.provider_order_id) {
    const providerOrder = await ask(ctx, () => commerce.provider.getOrder(order.provider_order_id!));
    if (completedCapture(providerOrder)) return complete(ctx, commerce, order);
  }
  const closed = await repo.closeOrder(ctx.db, order.id, 3, ctx.now());
  return toOrder(closed ?? (await repo.findOrderById(ctx.db, order.id))!);
}

/** 4: completes once; a completed order answers itself and credits nothing. */
export async function complete(ctx: AppContext, commerce: Commerce, order: repo.OrderRow): Promise<Order> {
  if (order.status === 4) return toOrder(order);
  if (order.status === 3) throw conflict(ORDER_CANCELED);
  if (order.gold_pay) return settle(ctx, order, undefined);
  if (!order.provider_order_id) throw paymentRequired(NOT_CAPTURED);
  // Captured only once the buyer approved: a capture tried before would leave PayPal holding a failed answer under
  // our PayPal-Request-Id, which it would answer again to the retry that follows the approval.
  const providerId = order.provider_order_id;
  // Never take money that cannot be credited: senior for a member who became VIP since the order was made.
  const spec = await findSpec(ctx.db, order.type, order.spec_id);
  if (spec) await checkSeniorForVip(ctx.db, spec, order.target_id, ctx.now());
  let providerOrder = await ask(ctx, () => commerce.provider.getOrder(providerId));
  if (!completedCapture(providerOrder) && providerOrder?.status === 'APPROVED') {
    providerOrder = await ask(ctx, () => commerce.provider.captureOrder(providerId, requestIds.capture(order.id)));
  }
  const capture = completedCapture(providerOrder);
  const paid =
    capture &&
    capture.amount.currency_code === 'USD' &&
    toCents(capture.amount.value) === toCents(order.amount) &&
    (capture.custom_id === undefined || capture.custom_id === order.id);
  if (!paid) throw paymentRequired(NOT_CAPTURED);
  return settle(ctx, order, capture.id);
}

const goldText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The money of a completed order, in one transaction: the payer's and target's rows locked, the order moved 1 → 4
 * (nothing more happens when another request moved it first), gold taken (402 and nothing kept when it does not
 * cover the amount), the package credited, ledger rows and chat messages written; messages go out after the commit.
 */
async function settle(ctx: AppContext, order: repo.OrderRow, captureId: string | undefined): Promise<Order> {
  const now = ctx.now();
  const spec = await findSpec(ctx.db, order.type, order.spec_id);
  if (!spec) throw invalid(`id: there is no ${SPEC_NAMES[order.type]} with id ${order.spec_id}`);
  const ref = `order:${order.id}`;
  const gift = order.target_id !== order.user_id;
  let result: { row: repo.OrderRow; deliveries: (() => void)[] };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const holders = await repo.lockHolders(trx, [order.user_id, order.target_id]);
      const payer = holders.get(order.user_id);
      const target = holders.get(order.target_id);
      if (!payer || !target) throw notFound(NO_SUCH_MEMBER);
      const closed = await repo.closeOrder(trx, order.id, 4, now, captureId ?? null);
      if (!closed) return { row: (await repo.findOrderById(trx, order.id))!, deliveries: [] };
      await checkSeniorForVip(trx, spec, order.target_id, now);
      const payerNotes: string[] = [];
      if (order.gold_pay) {
        const split = goldSplit(
          toCents(order.amount),
          { giveCents: toCents(payer.give_gold), buyCents: toCents(payer.buy_gold) },
          payer.staff_account,
        );
        if (!split) throw paymentRequired(NOT_ENOUGH_GOLD);
        for (const [column, cents] of [
          ['give_gold', split.giveCents],
          ['buy_gold', split.buyCents],
        ] as const) {
          if (cents === 0) continue;
          const after = toCents(payer[column]) - cents;
          payer[column] = goldText(after);
          await repo.moveBalance(trx, {
            userId: payer.id,
            column,
            kind: column,
            delta: goldText(-cents),
            after: goldText(after),
            ref,
            now,
          });
        }
        if (split.giveCents + split.buyCents > 0)
          payerNotes.push(`gold -${goldText(split.giveCents + split.buyCents)}`);
      }
      const prefix = gift ? 'give' : 'buy';
      if (order.type === 'member') {
        const running = await repo.runningMemberships(trx, order.target_id, now);
        const current = running.find((m) => m.level_name === spec.levelName);
        await upsertMembership(trx, {
          user_id: order.target_id,
          level_name: spec.levelName!,
          level_sort: spec.levelSort!,
          ends_at: extendMembership(current?.ends_at, now, spec.num),
        });
      } else {
        const column =
          order.type === 'character' ? (`${prefix}_character_count` as const) : (`${prefix}_gold` as const);
        const isGold = order.type === 'gold';
        const before = isGold ? toCents(target[column]) : Number(target[column]);
        const add = isGold ? spec.num * 100 : spec.num;
        const after = before + add;
        await repo.moveBalance(trx, {
          userId: target.id,
          column,
          kind:
            column === 'buy_character_count'
              ? 'buy_character'
              : column === 'give_character_count'
                ? 'give_character'
                : column,
          delta: isGold ? goldText(add) : String(add),
          after: isGold ? goldText(after) : String(after),
          ref,
          now,
        });
        if (!gift) payerNotes.push(`${order.type} +${spec.num}`);
      }
      if (!gift && order.type === 'member') payerNotes.push(`${spec.levelName} +${spec.num} months`);
      const deliveries: (() => void)[] = [];
      if (gift) {
        const sent = await sendSystemMessage(ctx, trx, {
          senderId: order.user_id,
          toId: order.target_id,
          type: giftMessageType(order.type, spec.levelName),
          msg: order.blessing,
        });
        deliveries.push(sent.deliver);
      }
      if (payerNotes.length > 0) {
        const sent = await sendSystemMessage(ctx, trx, {
          senderId: order.user_id,
          toId: order.user_id,
          type: 7,
          msg: JSON.stringify({ reason: 'purchase', orderId: toOrder(closed).orderId, changes: payerNotes }),
        });
        deliveries.push(sent.deliver);
      }
      return { row: closed, deliveries };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw paymentRequired(CAPTURE_USED);
    throw error;
  }
  for (const deliver of result.deliveries) deliver();
  return toOrder(result.row);
}

/** POST /api/pay/paypal/webhook: verified, stored once (2xx from then on), then acted on when its order is there. */
export async function receiveWebhook(
  ctx: AppContext,
  commerce: Commerce,
  headers: WebhookHeaders,
  event: unknown,
): Promise<{ stored: boolean }> {
  const e = event as { id?: unknown; event_type?: unknown };
  if (typeof e?.id !== 'string' || typeof e.event_type !== 'string' || e.id.length > 128) {
    throw invalid('The webhook event must carry an id and an event_type');
  }
  const genuine = await ask(ctx, () => commerce.provider.verifyWebhook(headers, event));
  if (!genuine) throw invalid(BAD_WEBHOOK);
  const stored = await repo.storeWebhookEvent(ctx.db, {
    id: e.id,
    eventType: e.event_type,
    body: event,
    now: ctx.now(),
  });
  if (stored)
    await processWebhookEvent(ctx, commerce, e.id, event).catch((error) =>
      ctx.log.warn({ err: error }, 'webhook event left for the reconciler'),
    );
  return { stored };
}

/**
 * Completes the order an event is about, always by asking the provider (never trusting the event's body). An event
 * whose order is not there yet stays pending and is tried again by the reconciler.
 */
async function processWebhookEvent(ctx: AppContext, commerce: Commerce, id: string, event: unknown): Promise<boolean> {
  const resource = (event as { resource?: Record<string, unknown> }).resource ?? {};
  const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids;
  const customId =
    (typeof resource.custom_id === 'string' ? resource.custom_id : undefined) ??
    customIdOf(resource as unknown as Parameters<typeof customIdOf>[0]);
  const providerOrderId = related?.order_id ?? (typeof resource.id === 'string' ? resource.id : undefined);
  let order =
    customId && UUID_PATTERN.test(customId) ? await repo.findOrderById(ctx.db, customId.toLowerCase()) : undefined;
  if (!order && providerOrderId) order = await repo.findOrderByProviderId(ctx.db, providerOrderId);
  if (!order) return false;
  if (order.status === 1 && !order.gold_pay) {
    if (!order.provider_order_id && providerOrderId) {
      order = await repo.setProviderOrderId(ctx.db, order.id, providerOrderId);
    }
    await complete(ctx, commerce, order).catch((error) => {
      // Not captured (yet): the reconciler asks again; only an outage keeps the event pending.
      if (error instanceof PaymentProviderError || (error as { failure?: string }).failure === 'upstreamFailed') {
        throw error;
      }
    });
  }
  await repo.markWebhookProcessed(ctx.db, id, ctx.now());
  return true;
}

/**
 * One reconciler pass (a timer runs it, app.ts): orders left at 1 for over 10 minutes are asked about and completed
 * or, once 3 hours old without a capture, cancelled; pending webhook events are tried again; members whose
 * membership ended get a type 7 message.
 */
export async function reconcile(
  ctx: AppContext,
  commerce: Commerce,
): Promise<{ completed: number; cancelled: number }> {
  const now = ctx.now();
  let completed = 0;
  let cancelled = 0;
  for (const order of await repo.openOrdersBefore(ctx.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 200)) {
    const old = now.getTime() - new Date(order.created_at).getTime() > CANCEL_AFTER_MS;
    try {
      if (!order.gold_pay && order.provider_order_id) {
        const providerOrder = await commerce.provider.getOrder(order.provider_order_id);
        if (completedCapture(providerOrder) || providerOrder?.status === 'APPROVED') {
          if ((await complete(ctx, commerce, order)).status === 4) completed += 1;
          continue;
        }
      }
      if (old && (await repo.closeOrder(ctx.db, order.id, 3, now))) cancelled += 1;
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'reconciling an order failed');
      if (old && !(error instanceof PaymentProviderError) && (await repo.closeOrder(ctx.db, order.id, 3, now))) {
        cancelled += 1;
      }
    }
  }
  for (const event of await repo.pendingWebhookEvents(ctx.db, 200)) {
    const found = await processWebhookEvent(ctx, commerce, event.id, event.body).catch((error) => {
      ctx.log.warn({ err: error, eventId: event.id }, 'webhook event still pending');
      return true;
    });
    // An event about no order of ours (another app on the same PayPal account) is kept pending 3 hours, then let go.
    if (!found && now.getTime() - new Date(event.received_at).getTime() > CANCEL_AFTER_MS) {
      await repo.markWebhookProcessed(ctx.db, event.id, now);
    }
  }
  for (const ended of await repo.claimEndedMemberships(ctx.db, now)) {
    await sendSystemMessage(ctx, ctx.db, {
      senderId: ended.user_id,
      toId: ended.user_id,
      type: 7,
      msg: JSON.stringify({ reason: 'membershipEnded', levelName: ended.level_name }),
    }).catch((error) => ctx.log.warn({ err: error }, 'membership end message failed'));
  }
  return { completed, cancelled };
}
