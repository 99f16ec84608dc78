import { describe, expect, it, vi } from 'vitest';
import { type PushCheckEnv, recheckSubscription } from './push-check.ts';

const KEY_A = `B${'A'.repeat(86)}`;
const KEY_B = `B${'B'.repeat(86)}`;
const bytes = (k: string) =>
  Uint8Array.from(atob(`${k.replace(/-/g, '+').replace(/_/g, '/')}=`), (c) => c.charCodeAt(0));

function subscription(endpoint: string, key: string) {
  return {
    endpoint,
    options: { applicationServerKey: bytes(key).buffer },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  } as unknown as PushSubscription;
}

function env(stored: string | null, current: PushSubscription | null, serverKey = KEY_A) {
  const calls: { url: string; body?: unknown }[] = [];
  const fresh = subscription('https://push.example/new', serverKey);
  const e: PushCheckEnv & { calls: typeof calls; saved: string[] } = {
    calls,
    saved: [],
    stored: async () => stored,
    store: async (endpoint) => void e.saved.push(endpoint),
    pushManager: { getSubscription: async () => current, subscribe: vi.fn(async () => fresh) },
    fetch: (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(init ? { code: 200, data: null } : { code: 200, data: serverKey });
    }) as typeof fetch,
  };
  return e;
}

describe('recheckSubscription', () => {
  it('does nothing while push is off on this device', async () => {
    const e = env(null, null);
    expect(await recheckSubscription(e)).toBe('off');
    expect(e.calls).toEqual([]);
  });

  it('keeps a subscription made for the server’s key that the server holds', async () => {
    const e = env('https://push.example/old', subscription('https://push.example/old', KEY_A));
    expect(await recheckSubscription(e)).toBe('kept');
    expect(e.calls).toHaveLength(1);
  });

  it('subscribes again when the browser dropped it, and tells the server which one it replaces', async () => {
    const e = env('https://push.example/old', null);
    expect(await recheckSubscription(e)).toBe('renewed');
    expect(e.calls[1]).toEqual({
      url: '/h5-api/api/push/subscription',
      body: {
        oldEndpoint: 'https://push.example/old',
        endpoint: 'https://push.example/new',
        keys: { p256dh: 'p', auth: 'a' },
      },
    });
    expect(e.saved).toEqual(['https://push.example/new']);
  });

  it('re-subscribes when the server’s VAPID key changed', async () => {
    const old = subscription('https://push.example/old', KEY_A);
    const e = env('https://push.example/old', old, KEY_B);
    expect(await recheckSubscription(e)).toBe('renewed');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(e.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: bytes(KEY_B) });
  });
});
