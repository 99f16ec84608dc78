/**
 * Card payment providers (docs/api.md, Commerce): PayPal Orders v2, or the sandbox provider that speaks the same JSON.
 * The order service sees only this interface and the Orders v2 shapes, so one code path serves both.
 */

export interface Money {
  currency_code: string;
  value: string;
}

export interface Capture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
}

/** The part of an Orders v2 order the server reads. */
export interface ProviderOrder {
  id: string;
  status: string;
  purchase_units?: { custom_id?: string; amount?: Money; payments?: { captures?: Capture[] } }[];
}

/** The headers PayPal signs a webhook delivery with (lower case, as Node gives them). */
export interface WebhookHeaders {
  'paypal-transmission-id'?: string;
  'paypal-transmission-time'?: string;
  'paypal-transmission-sig'?: string;
  'paypal-cert-url'?: string;
  'paypal-auth-algo'?: string;
}

export interface PaymentProvider {
  readonly name: 'paypal' | 'sandbox';
  /** Creates the provider's order for `amount` USD; `orderId` is ours (custom_id, and the idempotency key). */
  createOrder(orderId: string, amount: string): Promise<ProviderOrder>;
  /**
   * Captures an approved order. `requestId` (PayPal-Request-Id) is derived from our order, so a retry answers the
   * first capture instead of capturing again; an order captured already is read back with GET.
   */
  captureOrder(providerOrderId: string, requestId: string): Promise<ProviderOrder>;
  /** The order as the provider has it now; undefined when it does not know it. */
  getOrder(providerOrderId: string): Promise<ProviderOrder | undefined>;
  /** Whether a webhook delivery is genuine (PayPal: its verify-webhook-signature API). */
  verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean>;
}

/** The provider could not be reached or answered something unexpected: nothing is credited, the client may retry. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** The completed capture of an order, or undefined when it is not captured (yet). */
export function completedCapture(order: ProviderOrder | undefined): Capture | undefined {
  if (order?.status !== 'COMPLETED') return undefined;
  for (const unit of order.purchase_units ?? []) {
    for (const capture of unit.payments?.captures ?? []) {
      if (capture.status === 'COMPLETED') return capture;
    }
  }
  return undefined;
}

/** Our order id a provider order carries (custom_id of its purchase unit or capture). */
export function customIdOf(order: ProviderOrder): string | undefined {
  const unit = order.purchase_units?.[0];
  return unit?.custom_id ?? unit?.payments?.captures?.[0]?.custom_id;
}

/** PayPal-Request-Id values: one per our order and step, so a retried step is the same request to the provider. */
export const requestIds = {
  create: (orderId: string) => `amity-create-${orderId}`,
  capture: (orderId: string) => `amity-capture-${orderId}`,
};
