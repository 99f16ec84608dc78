/**
 * One pay dialog's payment steps (docs/api.md, Commerce): gold sends 1 then 4 with an order id made here; a card
 * sends 1 (the server makes the provider's order), the buyer approves (PayPal's window or the sandbox's test card),
 * then 4; a wallet cancel sends 3. Every id is made once per dialog and reused by every retry, so a retry after an
 * error (a lost answer, a timeout) names the same order and the server never charges or credits twice.
 */
import type { Order, OrderStatus, PurchaseBody } from '#protocol/commerce.ts';
import { type PurchaseIntent, purchaseBody } from './shop.rules.ts';

export interface PayDeps {
  send: (body: PurchaseBody) => Promise<Order>;
  approveTestCard: (providerOrderId: string, cardNumber: string) => Promise<unknown>;
  newId: () => string;
}

export function createPayFlow(intent: PurchaseIntent, deps: PayDeps) {
  let goldId = deps.newId();
  let cardId = deps.newId();
  let providerOrderId: string | undefined;
  let approved = false;
  const step = (status: OrderStatus, orderId: string | undefined, goldPay: boolean) =>
    deps.send(purchaseBody(intent, { status, orderId, goldPay }));

  /** Card 1: the provider's order id (what PayPal's createOrder returns), made once. */
  async function openCardOrder(): Promise<string> {
    if (providerOrderId) return providerOrderId;
    const order = await step(1, cardId, false);
    providerOrderId = order.orderId;
    return providerOrderId;
  }

  return {
    /**
     * 1 then 4 with the same UUID; retried after a lost answer, 1 answers the same order and 4 credits it once. A
     * refusal (a 4xx answer: not enough gold…) cancelled that order on the server, so the next try makes a new one.
     */
    async payWithGold(): Promise<Order> {
      const id = goldId;
      try {
        await step(1, id, true);
        return await step(4, id, true);
      } catch (error) {
        if (refused(error)) goldId = deps.newId();
        throw error;
      }
    },
    openCardOrder,
    /** 4 for the provider's order, once the buyer approved it. */
    completeCard(orderId?: string): Promise<Order> {
      const id = orderId ?? providerOrderId;
      if (!id) return openCardOrder().then((opened) => step(4, opened, false));
      return step(4, id, false);
    },
    /** The sandbox's test card: approve once, then 4; a retry after a failed 4 does not approve again. */
    async payWithTestCard(cardNumber: string): Promise<Order> {
      const id = await openCardOrder();
      if (!approved) {
        await deps.approveTestCard(id, cardNumber);
        approved = true;
      }
      return step(4, id, false);
    },
    /** 3 for the open card order; a new attempt afterwards makes a new order. */
    async cancelCard(): Promise<Order | undefined> {
      if (!providerOrderId) return undefined;
      const order = await step(3, providerOrderId, false);
      cardId = deps.newId();
      providerOrderId = undefined;
      approved = false;
      return order;
    },
  };
}

export type PayFlow = ReturnType<typeof createPayFlow>;

/** The server answered and said no (4xx): unlike a lost answer (code 0) or an outage (5xx), not worth the same id. */
function refused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 400 && code < 500;
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newOrderId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
