/**
 * This device's Web Push setting (on or off, which events) and its subscription. The setting is the device's, kept in
 * localStorage; the service worker re-checks the subscription at every start of the app (sw/push-check.ts), so one
 * the push service dropped, or one made for an older VAPID key, is replaced instead of silently ending notifications.
 */
import { requestNotificationPermission } from '#lib/notify.ts';
import { ensureScreenCatalog } from '#lib/screen-catalog.ts';
import { readLocal, writeLocal } from '#lib/storage.ts';
import { PUSH_SETTING_KEY } from '#protocol/constants.ts';
import { base64urlBytes, PUSH_EVENTS, type PushEvent } from '#protocol/push.ts';
import { deleteSubscription, getPushKey, saveSubscription } from './push.api.ts';

export interface PushSetting {
  on: boolean;
  events: PushEvent[];
  /** The VAPID key the subscription was made with. */
  key: string | null;
}

const DEFAULT_SETTING: PushSetting = { on: false, events: [...PUSH_EVENTS], key: null };

export function readPushSetting(): PushSetting {
  const stored = readLocal<Partial<PushSetting>>(PUSH_SETTING_KEY, {});
  const events = Array.isArray(stored.events) ? stored.events.filter((e) => PUSH_EVENTS.includes(e)) : undefined;
  return { ...DEFAULT_SETTING, ...stored, events: events ?? DEFAULT_SETTING.events };
}

const writeSetting = (setting: PushSetting) => writeLocal(PUSH_SETTING_KEY, setting);

/** Web Push needs a service worker, PushManager and notifications (iOS: only in a Home Screen app). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in globalThis &&
    'Notification' in globalThis
  );
}

/** The worker has no catalogs: it gets the notification texts in the member's language from here. */
async function sendTexts(registration: ServiceWorkerRegistration): Promise<void> {
  await ensureScreenCatalog();
  const { pushTexts } = await import('./screens/push-texts.ts');
  registration.active?.postMessage({ type: 'PUSH_TEXTS', texts: pushTexts() });
}

/**
 * The worker re-checks the subscription at every start of the app (sw/push-check.ts): it needs to know whether push
 * is on here and which endpoint the server holds.
 */
function tellWorker(registration: ServiceWorkerRegistration, endpoint: string | null): void {
  registration.active?.postMessage({ type: 'PUSH_STATE', endpoint });
}

async function subscribeWith(key: string, registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const current = await registration.pushManager.getSubscription();
  const setting = readPushSetting();
  if (current && setting.key === key) return current;
  // Made for another key (the server's keys changed): a push service refuses it, so it goes.
  if (current) await current.unsubscribe().catch(() => false);
  const applicationServerKey = base64urlBytes(key) as Uint8Array<ArrayBuffer>;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** Turns push on for `events`: asks for permission (call from a tap), subscribes and tells the server. */
export async function enablePush(events: readonly PushEvent[]): Promise<void> {
  await requestNotificationPermission();
  const registration = await navigator.serviceWorker.ready;
  await sendTexts(registration);
  const key = await getPushKey();
  const subscription = await subscribeWith(key, registration);
  await saveSubscription(subscription.toJSON(), events);
  writeSetting({ on: true, events: [...events], key });
  tellWorker(registration, subscription.endpoint);
}

export async function disablePush(): Promise<void> {
  const setting = readPushSetting();
  writeSetting({ ...setting, on: false });
  const registration = await navigator.serviceWorker.ready;
  tellWorker(registration, null);
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint).catch(() => null);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * Every start of the signed-in app (and the settings screen), with push on: texts in the current language to the
 * worker, the subscription made again if the browser dropped it or the server's key changed, and registered with the
 * server for the member signed in now. A device the push service forgot (404/410: the server deleted it) is thus
 * back at the next start, and a device handed to another member follows whoever signed in. Never throws.
 */
export async function syncPush(): Promise<void> {
  const setting = readPushSetting();
  if (!setting.on || !pushSupported() || Notification.permission !== 'granted') return;
  try {
    const registration = await navigator.serviceWorker.ready;
    await sendTexts(registration);
    const key = await getPushKey();
    const subscription = await subscribeWith(key, registration);
    await saveSubscription(subscription.toJSON(), setting.events);
    writeSetting({ ...setting, key });
    tellWorker(registration, subscription.endpoint);
  } catch (error) {
    console.warn('Web Push sync failed', error);
  }
}
