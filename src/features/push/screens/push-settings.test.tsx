// @vitest-environment happy-dom
/**
 * The device's push setting (issue 15): nothing is asked until the member switches notifications on; switching on
 * asks, subscribes with the server's VAPID key and registers the device with the events chosen; an event unticked
 * updates the device; a changed key subscribes again; off forgets the device. On iOS in a tab: the Home Screen steps.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { toastsAtom } from '#ui/toast.tsx';
import { syncPush } from '../index.ts';
import { PushSettings } from './push-settings.tsx';

const api = vi.hoisted(() => ({
  key: 'BAAA',
  getPushKey: vi.fn(async () => api.key),
  saveSubscription: vi.fn(async () => null),
  deleteSubscription: vi.fn(async () => null),
}));
vi.mock('../push.api.ts', () => api);
vi.mock('#lib/screen-catalog.ts', () => ({ ensureScreenCatalog: async () => {}, useScreenCatalog: () => true }));
const ios = vi.hoisted(() => ({ needsInstall: false }));
vi.mock('#lib/pwa.ts', async (original) => ({
  ...(await original<typeof import('#lib/pwa.ts')>()),
  isIosNeedingInstall: () => ios.needsInstall,
}));

/** A 65-byte P-256 public key in base64url, as the server's GET /api/push/key answers. */
const vapidKey = (fill: number) => Buffer.from([4, ...new Array(64).fill(fill)]).toString('base64url');

interface FakeSubscription {
  endpoint: string;
  key: Uint8Array;
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON(): PushSubscriptionJSON;
}

let current: FakeSubscription | null;
let made = 0;
const posted: unknown[] = [];
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);

const pushManager = {
  getSubscription: vi.fn(async () => current),
  subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    made += 1;
    const sub: FakeSubscription = {
      endpoint: `https://push.example/device-${made}`,
      key: applicationServerKey,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
      toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    };
    current = sub;
    return sub;
  }),
};

beforeEach(() => {
  current = null;
  made = 0;
  posted.length = 0;
  localStorage.clear();
  vi.clearAllMocks();
  api.key = vapidKey(1);
  ios.needsInstall = false;
  const registration = { pushManager, active: { postMessage: (m: unknown) => posted.push(m) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  Object.assign(globalThis, {
    PushManager: class {},
    Notification: Object.assign(() => {}, { permission: 'default', requestPermission }),
  });
});
afterEach(cleanup);

const onSwitch = () => screen.getByRole('switch', { name: 'Notifications on this device' });
const event = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PushSettings', () => {
  it('asks nothing until the member switches notifications on', () => {
    renderWithApp(<PushSettings />);
    expect((onSwitch() as HTMLInputElement).checked).toBe(false);
    expect(event('Likes').closest('fieldset')?.disabled).toBe(true);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('on: asks, subscribes with the server’s key, registers the device for every event and tells the worker', async () => {
    renderWithApp(<PushSettings />);
    fireEvent.click(onSwitch());
    await waitFor(() => expect((onSwitch() as HTMLInputElement).checked).toBe(true));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(Buffer.from(api.key, 'base64url')),
    });
    expect(api.saveSubscription).toHaveBeenCalledWith(
      { endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } },
      ['message', 'gift', 'like', 'visit'],
    );
    expect(posted).toContainEqual(expect.objectContaining({ type: 'PUSH_TEXTS' }));
    expect(posted).toContainEqual({ type: 'PUSH_STATE', endpoint: 'https://push.example/device-1' });
  });

  it('an event unticked updates the device; a changed key subscribes again; off forgets the device', async () => {
    renderWithApp(<PushSettings />);
    fireEvent.click(onSwitch());
    await waitFor(() => expect(event('Likes').closest('fieldset')?.disabled).toBe(false));

    fireEvent.click(event('Likes'));
    await waitFor(() =>
      expect(api.saveSubscription).toHaveBeenLastCalledWith(expect.anything(), ['message', 'gift', 'visit']),
    );
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(event('Likes').checked).toBe(false);

    // The server's VAPID key changed: the old subscription goes, a new one is made and registered.
    const old = current!;
    api.key = vapidKey(2);
    fireEvent.click(event('Gifts'));
    await waitFor(() =>
      expect(api.saveSubscription).toHaveBeenLastCalledWith(
        expect.objectContaining({ endpoint: 'https://push.example/device-2' }),
        ['message', 'visit'],
      ),
    );
    expect(old.unsubscribe).toHaveBeenCalled();

    fireEvent.click(onSwitch());
    await waitFor(() => expect((onSwitch() as HTMLInputElement).checked).toBe(false));
    expect(api.deleteSubscription).toHaveBeenCalledWith('https://push.example/device-2');
    expect(current).toBeNull();
    expect(posted.at(-1)).toEqual({ type: 'PUSH_STATE', endpoint: null });
  });

  it('a refused permission leaves notifications off and says so', async () => {
    requestPermission.mockResolvedValueOnce('denied');
    const { store } = renderWithApp(<PushSettings />);
    fireEvent.click(onSwitch());
    await waitFor(() =>
      expect(store.get(toastsAtom).map((t) => t.message)).toContain('Message notification has been denied'),
    );
    expect((onSwitch() as HTMLInputElement).checked).toBe(false);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('on iPhone in a browser tab, shows the Home Screen steps instead of a switch', () => {
    ios.needsInstall = true;
    const { store } = renderWithApp(<PushSettings />);
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'How to add Amity to the Home Screen' }));
    expect(store.get(installHelpOpenAtom)).toBe(true);
  });
});

describe('syncPush at every start', () => {
  const setOn = (key: string | null) =>
    localStorage.setItem('amity-push', JSON.stringify({ on: true, events: ['message', 'like'], key }));
  const grant = () => Object.assign(globalThis.Notification, { permission: 'granted' });

  it('does nothing while push is off here or permission is not granted', async () => {
    await syncPush();
    setOn(api.key);
    await syncPush();
    expect(api.saveSubscription).not.toHaveBeenCalled();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('subscribes again when the browser dropped the subscription, and registers it for the member signed in', async () => {
    setOn(api.key);
    grant();
    await syncPush();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(api.saveSubscription).toHaveBeenCalledWith(
      { endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } },
      ['message', 'like'],
    );
    expect(posted).toContainEqual({ type: 'PUSH_STATE', endpoint: 'https://push.example/device-1' });
    // The next start keeps it (same key) and registers it again, in case the server forgot it.
    await syncPush();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(api.saveSubscription).toHaveBeenCalledTimes(2);
  });

  it('re-subscribes when the server’s VAPID key changed since', async () => {
    setOn(vapidKey(9));
    grant();
    await syncPush();
    const first = current!;
    api.key = vapidKey(3);
    await syncPush();
    expect(first.unsubscribe).toHaveBeenCalled();
    expect(api.saveSubscription).toHaveBeenLastCalledWith(
      expect.objectContaining({ endpoint: 'https://push.example/device-2' }),
      ['message', 'like'],
    );
    expect(JSON.parse(localStorage.getItem('amity-push')!).key).toBe(api.key);
  });
});
