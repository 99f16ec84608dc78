/**
 * The worker keeps this device's push subscription alive without the page (docs/api.md, Push): at every start of
 * the app (a navigation) and on `pushsubscriptionchange` it compares the subscription with the server's VAPID key
 * and the endpoint the server holds, subscribes again when the browser dropped it or the key changed, and tells the
 * server with PUT (no token: the old endpoint is the proof). The page says whether push is on (PUSH_STATE).
 */
import { API_BASE } from '#protocol/constants.ts';

export const PUSH_STATE_KEY = '/__amity/push-state';
/** How often a start re-checks at most (a member opening several tabs checks once). */
export const RECHECK_GAP_MS = 10 * 60 * 1000;

export interface PushCheckEnv {
  /** The endpoint the server holds for this device, or null when push is off here. */
  stored(): Promise<string | null>;
  store(endpoint: string): Promise<void>;
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
  fetch: typeof fetch;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** Resolves what it did, for tests and logs. */
export async function recheckSubscription(env: PushCheckEnv): Promise<'off' | 'kept' | 'renewed'> {
  const endpoint = await env.stored();
  if (!endpoint) return 'off';
  const answer = (await (await env.fetch(`${API_BASE}/api/push/key`)).json()) as { data?: unknown };
  if (typeof answer.data !== 'string') throw new Error('no VAPID key from the server');
  const key = keyBytes(answer.data);
  let subscription = await env.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await env.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  if (subscription.endpoint === endpoint) return 'kept';
  const { keys } = subscription.toJSON();
  const response = await env.fetch(`${API_BASE}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oldEndpoint: endpoint, endpoint: subscription.endpoint, keys }),
  });
  if (!response.ok) throw new Error(`renewing the subscription answered ${response.status}`);
  await env.store(subscription.endpoint);
  return 'renewed';
}
