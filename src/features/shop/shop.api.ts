/**
 * Commerce calls (docs/api.md, Commerce) on the one HTTP client: the catalogue and pay config (no token), the
 * encrypted purchase call, and the sandbox provider's test card approval. All silent: the screens say what failed
 * where it failed, with what to do next, instead of a toast.
 */
import { http } from '#lib/http.ts';
import type {
  BuyType,
  CharacterSpec,
  GoldSpec,
  MemberConfig,
  Order,
  PayConfig,
  PurchaseBody,
} from '#protocol/commerce.ts';

const quiet = { silent: true } as const;

export const fetchCharacterSpecs = () => http.get<CharacterSpec[]>('/api/system/character/spec/all', undefined, quiet);
export const fetchGoldSpecs = () => http.get<GoldSpec[]>('/api/system/gold/spec/all', undefined, quiet);
export const fetchMemberConfigs = () => http.get<MemberConfig[]>('/api/system/member/config', undefined, quiet);
export const fetchPayConfig = () => http.get<PayConfig>('/api/pay/config', undefined, quiet);

/**
 * The body is encrypted as the server reads it: crypto-js passphrase mode (OpenSSL salted format, Base64). The key
 * is public (it comes from /api/pay/config): this hides the body from casual eyes, the server's checks do the rest.
 */
export async function encryptBody(body: PurchaseBody, payloadKey: string): Promise<{ data: string }> {
  // Loaded on the first payment: the screens show prices without it.
  const { default: AES } = await import('crypto-js/aes');
  return { data: AES.encrypt(JSON.stringify(body), payloadKey).toString() };
}

/** POST /api/buy/{type} for oneself, /api/buy/{type}/{targetId} for a gift. */
export async function postPurchase(
  type: BuyType,
  targetId: number | undefined,
  body: PurchaseBody,
  payloadKey: string,
): Promise<Order> {
  const path = targetId === undefined ? `/api/buy/${type}` : `/api/buy/${type}/${targetId}`;
  return http.post<Order>(path, await encryptBody(body, payloadKey), quiet);
}

/** The sandbox provider's test card form: approves its order (4111 1111 1111 1111 approves, others are declined). */
export const approveSandboxOrder = (orderId: string, cardNumber: string) =>
  http.post<unknown>(`/api/pay/sandbox/orders/${encodeURIComponent(orderId)}/approve`, { cardNumber }, quiet);
