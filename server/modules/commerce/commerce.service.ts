/**
 * Orders (docs/api.md, Commerce). The order row is ours and made first (status 1); it moves 1 → 3 or 1 → 4 once, by a
 * conditional update inside the transaction that moves the money, so a replayed, doubled or concurrent completion
 * credits once. A card order completes only after the provider, asked by the server, shows it captured in USD for the
 * catalogue amount; a gold order only while the payer's locked gold covers it. Gifts credit the target's give*
 * balances and send a chat message of type 3-6; a balance change sends type 7 to its member (the money: ledger.ts).
 */
import { createDecipheriv, createHash, createSecretKey, randomUUID } from 'node:crypto';
import { BUY_TYPES, type BuyType, type Order, OrderStatus, type PayConfig, toCents } from '#protocol/commerce.ts';
import { encryptedEnvelope, purchaseBody, UUID_PATTERN } from '#protocol/commerce-schemas.ts';
import {
  completedCapture,
  customIdOf,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  requestIds,
  type WebhookHeaders,
} from '../../adapters/payment/provider.ts';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, invalid, notFound, paymentRequired, upstreamFailed } from '../../domain/errors.ts';
import { parseInput } from '../../domain/parse.ts';
import { userExists } from '../users/users.repository.ts';
import { noSuchMember } from '../users/users.rules.ts';
import { findSpec } from './catalogue.repository.ts';
import {
  announceEndedMemberships,
  checkSeniorForVip,
  NO_SUCH_ORDER,
  NOT_CAPTURED,
  ORDER_CANCELED,
  ORDER_MISMATCH,
  PACKAGE_GONE,
  toOrder,
} from './ledger.ts';
import * as repo from './orders.repository.ts';

export const BAD_CIPHERTEXT = 'data: the purchase body could not be decrypted with the payload key';
export { NO_SUCH_ORDER, NOT_CAPTURED, ORDER_CANCELED, PACKAGE_GONE };
export const PROVIDER_FAILED = 'The payment provider did not answer; nothing was charged, try again';
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

/**
 * CryptoJS.AES.encrypt(text, passphrase) undone with node:crypto (crypto-js in pure JavaScript cost more than the
 * rest of a gold payment): OpenSSL's salted format ('Salted__', 8 bytes of salt, then AES-256-CBC), key and IV from
 * EVP_BytesToKey with MD5 and one round. Undefined when it is not that or not UTF-8.
 */
export function decryptCryptoJs(data: string, passphrase: string): string | undefined {
  const raw = Buffer.from(data, 'base64');
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || raw.toString('latin1', 0, 8) !== 'Salted__') return undefined;
  const salt = raw.subarray(8, 16);
  const blocks: Buffer[] = [];
  let last = Buffer.alloc(0);
  for (let size = 0; size < 48; size += last.length) {
    last = createHash('md5').update(last).update(passphrase, 'utf8').update(salt).digest();
    blocks.push(last);
  }
  const keyIv = Buffer.concat(blocks);
  try {
    // The key as a KeyObject: given a Buffer, Node 24 spends 10 µs making one itself, 2 this way.
    const decipher = createDecipheriv('aes-256-cbc', createSecretKey(keyIv.subarray(0, 32)), keyIv.subarray(32, 48));
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}

/** `{ data }` → the purchase body; anything that does not decrypt to a valid body is 400, nothing changes. */
export function decryptPurchase(envelope: unknown, key: string) {
  const { data } = parseInput(encryptedEnvelope, envelope);
  const text = decryptCryptoJs(data, key);
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
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

/** The gift target: not oneself, existing, not having blocked the buyer (403). */
async function checkTarget(ctx: AppContext, userId: number, targetId: number): Promise<void> {
  if (targetId === userId) return;
  if (!(await userExists(ctx.db, targetId))) throw noSuchMember();
  if (await repo.isBlockedBy(ctx.db, targetId, userId)) throw forbidden(BLOCKED_BY_TARGET);
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
  if (body.paypalStatus === OrderStatus.created) return create(ctx, commerce, userId, targetId, type, body);
  const claim = { type, specId: body.id, targetId, goldPay: body.goldPay };
  // A gold payment's 4 goes straight to the settling batch, which finds, checks and settles it.
  if (body.paypalStatus === OrderStatus.completed && body.goldPay && body.orderId && UUID_PATTERN.test(body.orderId)) {
    return ctx.orders.settle({ userId, orderId: body.orderId.toLowerCase(), claim });
  }
  const order = await findOwnOrder(ctx, userId, body.orderId);
  if (
    order.type !== claim.type ||
    order.spec_id !== claim.specId ||
    order.target_id !== claim.targetId ||
    order.gold_pay !== claim.goldPay
  ) {
    throw invalid(ORDER_MISMATCH);
  }
  if (body.paypalStatus === OrderStatus.cancelled) return cancel(ctx, commerce, order);
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
  if (type === 'gold' && body.goldPay) throw invalid('Gold coins cannot be bought with gold coins');
  if (body.goldPay && (body.orderId === undefined || !UUID_PATTERN.test(body.orderId))) {
    throw invalid('orderId must be a UUID the client makes for a gold payment');
  }
  if (body.orderId !== undefined && !UUID_PATTERN.test(body.orderId)) {
    throw invalid('orderId must be a UUID when creating an order');
  }
  // Checked against the catalogue and stored in the opener's batch; a retried 1 answers the order it made.
  const row = await ctx.orders.open({
    id: (body.orderId ?? randomUUID()).toLowerCase(),
    userId,
    targetId,
    type,
    specId: body.id,
    goldPay: body.goldPay,
    blessing: body.blessing ?? '',
    claimedAmount: (body.payInfo as { amount?: unknown } | undefined)?.amount,
  });
  if (row.gold_pay || row.provider_order_id || row.status !== OrderStatus.created) return toOrder(row);
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
  if (order.status !== OrderStatus.created) return toOrder(order);
  if (!order.gold_pay && order.provider_order_id) {
    const providerOrder = await ask(ctx, () => commerce.provider.getOrder(order.provider_order_id!));
    if (completedCapture(providerOrder)) return complete(ctx, commerce, order, providerOrder);
  }
  // Closed now or by someone else meanwhile: the order as it stands.
  await repo.closeOrder(ctx.db, order.id, OrderStatus.cancelled, ctx.now());
  return toOrder((await repo.findOrderById(ctx.db, order.id))!);
}

/**
 * 4: completes once; a completed order answers itself and credits nothing. `seen` is the provider's order when the
 * caller has just read it (the reconciler, a cancel), so it is not asked twice.
 */
export async function complete(
  ctx: AppContext,
  commerce: Commerce,
  order: repo.OrderRow,
  seen?: ProviderOrder,
): Promise<Order> {
  if (order.status === OrderStatus.completed) return toOrder(order);
  if (order.status === OrderStatus.cancelled) throw conflict(ORDER_CANCELED);
  if (order.gold_pay) return ctx.orders.settle({ userId: order.user_id, orderId: order.id });
  if (!order.provider_order_id) throw paymentRequired(NOT_CAPTURED);
  const providerId = order.provider_order_id;
  // Never take money that cannot be credited: a package no longer in the catalogue, or senior for a member who
  // became VIP since the order was made, is refused before any capture.
  const spec = await findSpec(ctx.db, order.type, order.spec_id);
  if (!spec) return refuseGone(ctx, commerce, order, seen);
  await checkSeniorForVip(ctx.db, spec, order.target_id, ctx.now());
  let providerOrder = seen ?? (await ask(ctx, () => commerce.provider.getOrder(providerId)));
  // Captured only once the buyer approved: a capture tried before would leave PayPal holding a failed answer under
  // our PayPal-Request-Id, which it would answer again to the retry that follows the approval.
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
  return ctx.orders.settle({ userId: order.user_id, orderId: order.id, captureId: capture.id });
}

/**
 * A card order whose package left the catalogue since it was made: refused (409) and never captured. Not captured
 * by anyone: cancelled, nothing charged. Captured already out of band (the buyer's window): left open and logged, for
 * a refund by hand.
 */
async function refuseGone(
  ctx: AppContext,
  commerce: Commerce,
  order: repo.OrderRow,
  seen: ProviderOrder | undefined,
): Promise<never> {
  const providerOrder = seen ?? (await ask(ctx, () => commerce.provider.getOrder(order.provider_order_id!)));
  if (completedCapture(providerOrder)) {
    ctx.log.error({ orderId: order.id }, 'captured, but its package left the catalogue: refund it by hand');
  } else {
    await repo.closeOrder(ctx.db, order.id, OrderStatus.cancelled, ctx.now());
  }
  throw conflict(PACKAGE_GONE);
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
async function processWebhookEvent(
  ctx: AppContext,
  commerce: Commerce,
  id: string,
  event: unknown,
  askedThisPass: ReadonlySet<string> = new Set(),
): Promise<boolean> {
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
  // The reconciler asked the provider about this order moments ago in the same pass: once is enough; an order still
  // open keeps its event pending for the next pass.
  if (askedThisPass.has(order.id) && order.status === OrderStatus.created) return true;
  if (order.status === OrderStatus.created && !order.gold_pay) {
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
  const asked = new Set<string>();
  for (const order of await repo.openOrdersBefore(ctx.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 200)) {
    const old = now.getTime() - new Date(order.created_at).getTime() > CANCEL_AFTER_MS;
    try {
      if (!order.gold_pay && order.provider_order_id) {
        asked.add(order.id);
        const providerOrder = await commerce.provider.getOrder(order.provider_order_id);
        if (completedCapture(providerOrder) || providerOrder?.status === 'APPROVED') {
          // What the provider just answered is handed on: one question per order and pass.
          const done = await complete(ctx, commerce, order, providerOrder);
          if (done.status === OrderStatus.completed) completed += 1;
          continue;
        }
      }
      if (old && (await repo.closeOrder(ctx.db, order.id, OrderStatus.cancelled, now))) cancelled += 1;
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'reconciling an order failed');
      const cancel = old && !(error instanceof PaymentProviderError);
      if (cancel && (await repo.closeOrder(ctx.db, order.id, OrderStatus.cancelled, now))) {
        cancelled += 1;
      }
    }
  }
  for (const event of await repo.pendingWebhookEvents(ctx.db, 200)) {
    const found = await processWebhookEvent(ctx, commerce, event.id, event.body, asked).catch((error) => {
      ctx.log.warn({ err: error, eventId: event.id }, 'webhook event still pending');
      return true;
    });
    // An event about no order of ours (another app on the same PayPal account) is kept pending 3 hours, then let go.
    if (!found && now.getTime() - new Date(event.received_at).getTime() > CANCEL_AFTER_MS) {
      await repo.markWebhookProcessed(ctx.db, event.id, now);
    }
  }
  await announceEndedMemberships(ctx, now);
  return { completed, cancelled };
}
