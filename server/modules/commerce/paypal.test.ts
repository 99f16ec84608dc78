/**
 * The real PayPal adapter (Orders v2 over HTTP, OAuth client credentials, verify-webhook-signature) against a
 * stand-in PayPal: the request ids that keep a retried capture single, an order captured elsewhere read back with
 * GET, a capture in another currency or amount refused, webhooks verified by the API. Ends with the ledger check.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterSpec, Order } from '#protocol/commerce.ts';
import type { UserInfo } from '#protocol/user.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { ledgerProblems } from '../translate/translate.test-kit.ts';
import { reconcile } from './commerce.service.ts';
import { buyCall, PAY, type PayPalStandIn, startPayPalStandIn } from './commerce.test-kit.ts';

const clock = { now: new Date('2026-03-10T12:00:00Z') };
let t: TestApp;
let paypal: PayPalStandIn;
const touched = new Set<number>();

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await makeApp(
    {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_API: paypal.url,
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
    },
    { now: () => clock.now },
  );
});
afterAll(async () => {
  await t?.close();
  await paypal?.close();
});
afterEach(async () => {
  paypal.tamper = undefined;
  if (touched.size > 0) expect(await ledgerProblems(t.app.amity.db, [...touched])).toEqual([]);
  touched.clear();
});

async function someone() {
  const m = await member(t.app);
  touched.add(m.id);
  return m;
}

async function characters(): Promise<CharacterSpec> {
  return (
    (await call(t.app, { method: 'GET', url: `${PAY}/system/character/spec/all` })).body.data as CharacterSpec[]
  )[0]!;
}

async function bought(token: string): Promise<number> {
  const res = await call(t.app, { method: 'GET', url: '/h5-api/api/system/user/info', headers: bearer(token) });
  return (res.body.data as UserInfo).buyCharacterCount;
}

async function start(token: string, spec: CharacterSpec): Promise<{ orderId: string; ourId: string }> {
  const res = await buyCall(t.app, { token, type: 'character', id: spec.id, status: 1 });
  expect(res.status, res.body.message ?? '').toBe(200);
  const orderId = (res.body.data as Order).orderId;
  return { orderId, ourId: paypal.orders.get(orderId)!.customId };
}

describe('PayPal Orders v2 adapter', () => {
  it('tells the client id in the pay config, creates the order in USD for the catalogue amount', async () => {
    const config = await call(t.app, { method: 'GET', url: `${PAY}/pay/config` });
    expect(config.body.data).toMatchObject({ provider: 'paypal', clientId: 'client', currency: 'USD' });
    const spec = await characters();
    const m = await someone();
    const { orderId, ourId } = await start(m.token, spec);
    expect(paypal.orders.get(orderId)!.amount).toEqual({ currency_code: 'USD', value: spec.amount.toFixed(2) });
    expect(paypal.requests.find((r) => r.path === '/v2/checkout/orders')?.requestId).toBe(`amity-create-${ourId}`);
  });

  it('completes once after the provider shows it captured; a retry reuses the PayPal-Request-Id', async () => {
    const spec = await characters();
    const m = await someone();
    const { orderId, ourId } = await start(m.token, spec);
    const early = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect(early.status).toBe(402);
    // Not approved yet: only read, never a capture that PayPal would remember under our request id.
    expect(paypal.requests.some((r) => r.path.endsWith(`${orderId}/capture`))).toBe(false);
    paypal.approve(orderId);
    const done = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect((done.body.data as Order).status).toBe(4);
    const captures = paypal.requests.filter((r) => r.path.endsWith(`${orderId}/capture`));
    expect(new Set(captures.map((r) => r.requestId))).toEqual(new Set([`amity-capture-${ourId}`]));
    const replay = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect((replay.body.data as Order).status).toBe(4);
    expect(await bought(m.token)).toBe(spec.num);
  });

  it('an order captured by the buyer window is read back with GET and credited', async () => {
    const spec = await characters();
    const m = await someone();
    const { orderId } = await start(m.token, spec);
    paypal.approve(orderId);
    const o = paypal.orders.get(orderId)!;
    o.status = 'COMPLETED';
    o.captureId = `CAP-${randomUUID().slice(0, 8)}`;
    const done = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect((done.body.data as Order).status).toBe(4);
    expect(paypal.requests.some((r) => r.method === 'GET' && r.path.endsWith(orderId))).toBe(true);
    expect(await bought(m.token)).toBe(spec.num);
  });

  it('a capture already used for another order is 402 and credits nothing', async () => {
    const spec = await characters();
    const m = await someone();
    const first = await start(m.token, spec);
    paypal.approve(first.orderId);
    expect(
      (await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId: first.orderId }))
        .status,
    ).toBe(200);
    const second = await start(m.token, spec);
    const o = paypal.orders.get(second.orderId)!;
    o.status = 'COMPLETED';
    o.customId = second.ourId;
    o.captureId = paypal.orders.get(first.orderId)!.captureId!;
    const replay = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: spec.id,
      status: 4,
      orderId: second.orderId,
    });
    expect([replay.status, replay.body.message]).toEqual([
      402,
      'This payment was already used for another order; nothing was credited',
    ]);
    expect(await bought(m.token)).toBe(spec.num);
  });

  it('a capture in another currency or for another amount is 402 and credits nothing', async () => {
    const spec = await characters();
    for (const tamper of [{ currency: 'EUR' }, { value: '0.01' }]) {
      const m = await someone();
      const { orderId } = await start(m.token, spec);
      paypal.approve(orderId);
      paypal.tamper = tamper;
      const res = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
      expect(res.status).toBe(402);
      expect(await bought(m.token)).toBe(0);
    }
  });

  it('verifies webhooks with the verify API: a bad signature changes nothing, a good one completes once', async () => {
    const spec = await characters();
    const m = await someone();
    const { orderId } = await start(m.token, spec);
    paypal.approve(orderId);
    const event = {
      id: `WH-EVT-${randomUUID()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: orderId },
    };
    const send = (sig: string) =>
      call(t.app, {
        method: 'POST',
        url: `${PAY}/pay/paypal/webhook`,
        headers: {
          'paypal-transmission-id': 'x',
          'paypal-transmission-time': clock.now.toISOString(),
          'paypal-transmission-sig': sig,
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.paypal.com/cert',
        },
        payload: event,
      });
    expect((await send('bad')).status).toBe(400);
    expect(await bought(m.token)).toBe(0);
    const answers = await Promise.all([send('good'), send('good'), send('good')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await bought(m.token)).toBe(spec.num);
  });

  it('the reconciler captures an approved order left open and cancels an abandoned one after 3 hours', async () => {
    const spec = await characters();
    const m = await someone();
    const approved = await start(m.token, spec);
    paypal.approve(approved.orderId);
    const abandoned = await start(m.token, spec);
    const saved = clock.now;
    try {
      clock.now = new Date(saved.getTime() + 11 * 60_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      expect(await bought(m.token)).toBe(spec.num);
      clock.now = new Date(saved.getTime() + 4 * 3_600_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      const row = await t.app.amity.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', abandoned.ourId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(3);
    } finally {
      clock.now = saved;
    }
  });
});
