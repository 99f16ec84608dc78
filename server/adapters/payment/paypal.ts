/**
 * PayPal Orders v2 over HTTP (PAYMENT_PROVIDER=paypal): OAuth client credentials at PAYPAL_API, orders created and
 * captured with a PayPal-Request-Id, webhooks verified by PayPal's verify-webhook-signature API.
 */
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  requestIds,
  type WebhookHeaders,
} from './provider.ts';

export interface PayPalOptions {
  api: string;
  clientId: string;
  secret: string;
  webhookId: string | undefined;
  timeoutMs?: number;
  now?: () => number;
}

export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  let token: { value: string; expires: number } | undefined;

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${options.api}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`PayPal did not answer ${path}: ${(error as Error).message}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expires > now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.secret}`).toString('base64');
    const res = await request('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaymentProviderError(`PayPal refused the client credentials (${res.status})`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PaymentProviderError('PayPal answered no access token');
    // Renewed a minute early so a request never carries a token that expires on the way.
    token = { value: body.access_token, expires: now() + Math.max((body.expires_in ?? 0) - 60, 0) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown, requestId?: string): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (res.status === 401) token = undefined;
    return res;
  }

  async function json<T>(res: Response, what: string): Promise<T> {
    if (!res.ok) throw new PaymentProviderError(`PayPal refused ${what} (${res.status}): ${await res.text()}`);
    return (await res.json()) as T;
  }

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  async function getOrder(id: string): Promise<ProviderOrder | undefined> {
    const res = await call('GET', orderPath(id));
    if (res.status === 404) return undefined;
    return json<ProviderOrder>(res, 'reading the order');
  }

  return {
    name: 'paypal',
    async createOrder(orderId, amount) {
      const res = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            { reference_id: orderId, custom_id: orderId, amount: { currency_code: 'USD', value: amount } },
          ],
        },
        requestIds.create(orderId),
      );
      return json<ProviderOrder>(res, 'creating the order');
    },
    async captureOrder(id, requestId) {
      const res = await call('POST', `${orderPath(id)}/capture`, {}, requestId);
      if (res.status === 422) {
        const body = (await res.json().catch(() => ({}))) as { details?: { issue?: string }[] };
        const issue = body.details?.[0]?.issue;
        // Captured before (by the buyer's window or an earlier try): read what was captured.
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          const order = await getOrder(id);
          if (order) return order;
        }
        return { id, status: issue ?? 'UNPROCESSABLE' };
      }
      if (res.status === 404) return { id, status: 'NOT_FOUND' };
      return json<ProviderOrder>(res, 'capturing the order');
    },
    getOrder,
    async verifyWebhook(headers: WebhookHeaders, event: unknown) {
      if (!options.webhookId) return false;
      const res = await call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: options.webhookId,
        webhook_event: event,
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { verification_status?: string };
      return body.verification_status === 'SUCCESS';
    },
  };
}
