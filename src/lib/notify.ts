/**
 * Message notifications (docs/product.md, Messages): shown only while the page is hidden, through the service
 * worker's registration when there is one (required on Android) else `new Notification`, closed after
 * NOTIFICATION_CLOSE_MS. Permission is asked only from a user gesture; a denial is a NoticeError.
 */
import { t } from '@lingui/core/macro';
import { NOTIFICATION_CLOSE_MS } from '#protocol/constants.ts';

export class NoticeError extends Error {
  constructor(message: string = t`Message notification has been denied`) {
    super(message);
    this.name = 'NoticeError';
  }
}

type NotificationCtor = {
  new (title: string, options?: NotificationOptions): Notification;
  permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
};

/** What the browser gives us; tests pass fakes. */
export interface NotifyEnv {
  Notification?: NotificationCtor;
  getRegistration?: () => Promise<ServiceWorkerRegistration | undefined>;
  visibility: () => DocumentVisibilityState;
  focus: () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

function browserNotifyEnv(): NotifyEnv {
  const sw = globalThis.navigator?.serviceWorker;
  return {
    Notification: (globalThis as { Notification?: NotificationCtor }).Notification,
    getRegistration: sw ? () => sw.getRegistration().catch(() => undefined) : undefined,
    visibility: () => globalThis.document?.visibilityState ?? 'visible',
    focus: () => globalThis.focus?.(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  };
}

type NotifyPermission = NotificationPermission | 'unsupported';

export function notificationPermission(env: NotifyEnv = browserNotifyEnv()): NotifyPermission {
  return env.Notification ? env.Notification.permission : 'unsupported';
}

/** Call only from a click or key press: browsers ignore (or punish) prompts without a gesture. */
export async function requestNotificationPermission(env: NotifyEnv = browserNotifyEnv()): Promise<void> {
  if (!env.Notification) throw new NoticeError();
  const result =
    env.Notification.permission === 'default'
      ? await env.Notification.requestPermission()
      : env.Notification.permission;
  if (result !== 'granted') throw new NoticeError();
}

interface MessageNotice {
  title: string;
  body: string;
  icon?: string;
  /** One notification per conversation: a newer message replaces the older one. */
  tag: string;
  /** Where a click leads (the worker reads it from `data.url`). */
  url: string;
  onClick: () => void;
}

/** Shows `notice` when the page is hidden and permission is granted; resolves whether it was shown. */
export async function notifyIfHidden(notice: MessageNotice, env: NotifyEnv = browserNotifyEnv()): Promise<boolean> {
  if (env.visibility() !== 'hidden') return false;
  const Ctor = env.Notification;
  if (Ctor?.permission !== 'granted') return false;
  const options: NotificationOptions = { body: notice.body, icon: notice.icon || undefined, tag: notice.tag };
  const registration = await env.getRegistration?.();
  if (registration) {
    await registration.showNotification(notice.title, { ...options, data: { url: notice.url } });
    const shown = await registration.getNotifications({ tag: notice.tag });
    env.setTimeout(() => {
      for (const n of shown) n.close();
    }, NOTIFICATION_CLOSE_MS);
    return true;
  }
  const n = new Ctor(notice.title, options);
  n.onclick = () => {
    env.focus();
    notice.onClick();
    n.close();
  };
  env.setTimeout(() => n.close(), NOTIFICATION_CLOSE_MS);
  return true;
}
