/** Tests only: encrypted purchase calls, the sandbox's test card, and a stand-in PayPal speaking Orders v2 JSON. */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import CryptoJS from 'crypto-js';
import type { FastifyInstance } from 'fastify';
import type { BuyType, Order } from '#protocol/commerce.ts';
import { bearer, call, type JsonResponse } from '../../test-helper.ts';

export const PAY = '/h5-api/api';

export function encrypt(body: unknown, key: string): { data: string } {
  return { data: CryptoJS.AES.encrypt(JSON.stringify(body), key).toString() };
}

export interface BuyArgs {
  token: string;
  type: BuyType;
  id: number;
  status: 1 | 3 | 4;
  orderId?: string | undefined;
  goldPay?: boolean;
  targetId?: number | undefined;
  blessing?: string;
  payInfo?: unknown;
}

export function buyCall(app: FastifyInstance, a: BuyArgs): Promise<JsonResponse> {
  const body = {
    id: a.id,
    orderId: a.orderId,
    goldPay: a.goldPay ?? false,
    blessing: a.blessing,
    payInfo: a.payInfo ?? {},
    paypalStatus: a.status,
  };
  return call(app, {
    method: 'POST',
    url: `${PAY}/buy/${a.type}${a.targetId === undefined ? '' : `/${a.targetId}`}`,
    headers: bearer(a.token),
    payload: encrypt(body, app.amity.config.payloadKey),
  });
}

/** A gold payment: 1 then 4 with a fresh UUID; answers the second call. */
export async function payWithGold(app: FastifyInstance, a: Omit<BuyArgs, 'status' | 'goldPay'>): Promise<JsonResponse> {
  const orderId = a.orderId ?? randomUUID();
  const created = await buyCall(app, { ...a, orderId, goldPay: true, status: 1 });
  if (created.status !== 200) return created;
  return buyCall(app, { ...a, orderId, goldPay: true, status: 4 });
}

/** The sandbox test card form: approves the provider order `orderId`. */
export async function approveSandbox(app: FastifyInstance, token: string, orderId: string): Promise<void> {
  const approved = await call(app, {
    method: 'POST',
    url: `${PAY}/pay/sandbox/orders/${orderId}/approve`,
    headers: bearer(token),
    payload: { cardNumber: '4111 1111 1111 1111' },
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.body.message}`);
}

/** Status 1 of a card payment: the provider's order id. */
export async function openCardOrder(app: FastifyInstance, a: Omit<BuyArgs, 'status' | 'goldPay' | 'orderId'>) {
  const created = await buyCall(app, { ...a, status: 1 });
  if (created.status !== 200) throw new Error(`status 1 failed: ${created.status} ${created.body.message}`);
  return (created.body.data as Order).orderId;
}

/** A sandbox card payment: 1 (server makes the provider order), the test card approves it, then 4. */
export async function payWithSandboxCard(
  app: FastifyInstance,
  a: Omit<BuyArgs, 'status' | 'goldPay' | 'orderId'>,
): Promise<{ created: JsonResponse; completed: JsonResponse; orderId: string }> {
  const created = await buyCall(app, { ...a, status: 1 });
  const orderId = (created.body.data as Order | null)?.orderId ?? '';
  if (created.status === 200) await approveSandbox(app, a.token, orderId);
  const completed = created.status === 200 ? await buyCall(app, { ...a, orderId, status: 4 }) : created;
  return { created, completed, orderId };
}

interface StandInOrder {
  id: string;
  status: string;
  customId: string;
  amount: { currency_code: string; value: string };
  captureId?: string;
}

export interface PayPalStandIn {
  url: string;
  orders: Map<string, StandInOrder>;
  /** Every request: method, path, headers. */
  requests: { method: string; path: string; requestId: string | undefined }[];
  /** What the next capture answers instead of capturing (currency or amount changed, or a status). */
  tamper: { currency?: string; value?: string } | undefined;
  approve(id: string): void;
  close(): Promise<void>;
}

interface StandInBody {
  purchase_units?: { custom_id: string; amount: { currency_code: string; value: string } }[];
  transmission_sig?: string;
  webhook_id?: string;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of req) body += chunk;
  if (!body || !String(req.headers['content-type']).includes('json')) return undefined;
  return JSON.parse(body);
}

/**
 * A stand-in PayPal: OAuth client credentials (`client`/`secret`), Orders v2 create, get and capture (captures once,
 * remembers PayPal-Request-Id, 422 ORDER_ALREADY_CAPTURED after), and verify-webhook-signature answering SUCCESS
 * only for the transmission signature 'good'.
 */
export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const orders = new Map<string, StandInOrder>();
  const requests: PayPalStandIn['requests'] = [];
  const captureByRequest = new Map<string, string>();
  const token = `tok-${randomUUID()}`;
  const state: PayPalStandIn = {
    url: '',
    orders,
    requests,
    tamper: undefined,
    approve(id) {
      const o = orders.get(id);
      if (o && o.status === 'CREATED') o.status = 'APPROVED';
    },
    close: async () => {},
  };
  const view = (o: StandInOrder) => ({
    id: o.id,
    status: o.status,
    purchase_units: [
      {
        custom_id: o.customId,
        amount: o.amount,
        ...(o.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: o.captureId,
                    status: 'COMPLETED',
                    custom_id: o.customId,
                    amount: {
                      currency_code: state.tamper?.currency ?? o.amount.currency_code,
                      value: state.tamper?.value ?? o.amount.value,
                    },
                  },
                ],
              },
            }
          : {}),
      },
    ],
  });
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = req.url ?? '';
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    requests.push({ method: req.method ?? '', path, requestId });
    const body = (await readJson(req)) as StandInBody | undefined;
    if (path === '/v1/oauth2/token') {
      if (req.method !== 'POST') return send(405, { error: 'method' });
      const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { name: 'AUTHENTICATION_FAILURE' });
    if (path === '/v1/notifications/verify-webhook-signature') {
      const ok = body?.transmission_sig === 'good' && body?.webhook_id === 'WH-1';
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body?.purchase_units?.[0];
      if (!unit) return send(400, { name: 'INVALID_REQUEST' });
      const id = `PP${randomUUID().replaceAll('-', '').slice(0, 15).toUpperCase()}`;
      orders.set(id, { id, status: 'CREATED', customId: unit.custom_id, amount: unit.amount });
      return send(201, view(orders.get(id)!));
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const o = m && orders.get(decodeURIComponent(m[1]!));
    if (!o) return send(404, { name: 'RESOURCE_NOT_FOUND' });
    if (!m![2]) return send(200, view(o));
    if (requestId && captureByRequest.has(requestId)) return send(201, view(o));
    if (o.status === 'COMPLETED')
      return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    if (o.status !== 'APPROVED')
      return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    o.status = 'COMPLETED';
    o.captureId = `CAP${randomUUID().slice(0, 8)}`;
    if (requestId) captureByRequest.set(requestId, o.captureId);
    return send(201, view(o));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
