/**
 * The sandbox provider (PAYMENT_PROVIDER=sandbox): this server plays PayPal. Its orders live in `sandbox_orders` and
 * answer in Orders v2 JSON, created by the order service, approved by the test card form (4111 1111 1111 1111
 * approves, any other number is declined), captured once per order whatever the PayPal-Request-Id, and its webhooks
 * are signed with a key of its own, checked the way PayPal's verify API would. One code path serves both providers.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import * as repo from '../../modules/commerce/sandbox.repository.ts';
import type { PaymentProvider, ProviderOrder, WebhookHeaders } from './provider.ts';

export const SANDBOX_APPROVED_CARD = '4111111111111111';
export const SANDBOX_WEBHOOK_ID = 'sandbox-webhook';

function toOrder(row: repo.SandboxRow): ProviderOrder {
  const amount = { currency_code: row.currency, value: Number(row.amount).toFixed(2) };
  const captures = row.capture_id
    ? [{ id: row.capture_id, status: 'COMPLETED', amount, custom_id: row.custom_id }]
    : undefined;
  return {
    id: row.id,
    status: row.status,
    purchase_units: [{ custom_id: row.custom_id, amount, ...(captures ? { payments: { captures } } : {}) }],
  };
}

const newId = (prefix: string) => `${prefix}${randomBytes(9).toString('hex').toUpperCase()}`;

export async function createSandboxOrder(
  db: Db,
  input: { customId: string; amount: string; currency: string },
): Promise<ProviderOrder> {
  return toOrder(await repo.insertSandboxOrder(db, { id: newId('SB'), ...input }));
}

export async function getSandboxOrder(db: Db, id: string): Promise<ProviderOrder | undefined> {
  const row = await repo.findSandboxOrder(db, id);
  return row ? toOrder(row) : undefined;
}

/** The test card form: a CREATED order becomes APPROVED with the approved card; undefined for an unknown order. */
export async function approveSandboxOrder(
  db: Db,
  id: string,
  cardNumber: string,
): Promise<{ order: ProviderOrder; declined: boolean } | undefined> {
  const declined = cardNumber.replace(/[\s-]/g, '') !== SANDBOX_APPROVED_CARD;
  if (!declined) await repo.approveSandboxOrder(db, id);
  const order = await getSandboxOrder(db, id);
  return order && { order, declined };
}

/**
 * Captures an APPROVED order once (a conditional update): a second capture answers 422 ORDER_ALREADY_CAPTURED as
 * PayPal does, an order not approved 422 ORDER_NOT_APPROVED; `status` is what the HTTP face answers.
 */
export async function captureSandboxOrder(
  db: Db,
  id: string,
  requestId: string | undefined,
): Promise<{ status: number; order?: ProviderOrder; issue?: string }> {
  const captured = await repo.captureSandboxOrder(db, id, newId('CAP'), requestId);
  if (captured) return { status: 201, order: toOrder(captured) };
  const order = await getSandboxOrder(db, id);
  if (!order) return { status: 404, issue: 'RESOURCE_NOT_FOUND' };
  if (order.status === 'COMPLETED') return { status: 422, order, issue: 'ORDER_ALREADY_CAPTURED' };
  return { status: 422, order, issue: 'ORDER_NOT_APPROVED' };
}

/** What the sandbox signs for a webhook delivery: PayPal's transmission fields and the body, with its own key. */
export function sandboxSignature(key: string, transmissionId: string, time: string, body: string): string {
  return createHmac('sha256', key).update(`${transmissionId}|${time}|${SANDBOX_WEBHOOK_ID}|${body}`).digest('base64');
}

/** Headers of a sandbox webhook delivery of `event`, signed as sandboxSignature says. */
export function signSandboxEvent(key: string, event: unknown, time = new Date()): WebhookHeaders {
  const transmissionId = randomBytes(8).toString('hex');
  const iso = time.toISOString();
  return {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': iso,
    'paypal-transmission-sig': sandboxSignature(key, transmissionId, iso, JSON.stringify(event)),
    'paypal-auth-algo': 'HMACSHA256',
    'paypal-cert-url': 'sandbox',
  };
}

export function createSandboxProvider(db: Db, signingKey: string): PaymentProvider {
  return {
    name: 'sandbox',
    createOrder: (orderId, amount) => createSandboxOrder(db, { customId: orderId, amount, currency: 'USD' }),
    async captureOrder(id, requestId) {
      const result = await captureSandboxOrder(db, id, requestId);
      return result.order?.status === 'COMPLETED' ? result.order : { id, status: result.issue ?? 'UNPROCESSABLE' };
    },
    getOrder: (id) => getSandboxOrder(db, id),
    async verifyWebhook(headers, event) {
      const id = headers['paypal-transmission-id'];
      const time = headers['paypal-transmission-time'];
      const sig = headers['paypal-transmission-sig'];
      if (!id || !time || !sig) return false;
      const expected = Buffer.from(sandboxSignature(signingKey, id, time, JSON.stringify(event)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The sandbox's webhook signing key, derived from SESSION_SECRET so every instance agrees. */
export function sandboxSigningKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('amity sandbox webhooks').digest('base64');
}
