import { i18n } from '@lingui/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeError, type NotifyEnv, notifyIfHidden, requestNotificationPermission } from './notify.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static all: FakeNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  readonly title: string;
  readonly options: NotificationOptions;
  constructor(title: string, options: NotificationOptions = {}) {
    this.title = title;
    this.options = options;
    FakeNotification.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

let visibility: DocumentVisibilityState = 'hidden';
const focus = vi.fn();
const env = (extra: Partial<NotifyEnv> = {}): NotifyEnv => ({
  Notification: FakeNotification as unknown as NotifyEnv['Notification'],
  visibility: () => visibility,
  focus,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  ...extra,
});
const notice = (onClick = vi.fn()) => ({
  title: 'alice',
  body: 'Photo',
  icon: '/a.png',
  tag: 'chat-7',
  url: '/chat?userId=7',
  onClick,
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.all = [];
  FakeNotification.permission = 'granted';
  visibility = 'hidden';
});
afterEach(() => vi.useRealTimers());

describe('message notifications', () => {
  it('are not shown while the page is visible', async () => {
    visibility = 'visible';
    await expect(notifyIfHidden(notice(), env())).resolves.toBe(false);
    expect(FakeNotification.all).toHaveLength(0);
  });

  it('show sender, body, avatar and conversation tag when hidden, and close after 5 s', async () => {
    await expect(notifyIfHidden(notice(), env())).resolves.toBe(true);
    const [n] = FakeNotification.all;
    expect(n?.title).toBe('alice');
    expect(n?.options).toMatchObject({ body: 'Photo', icon: '/a.png', tag: 'chat-7' });
    vi.advanceTimersByTime(4_999);
    expect(n?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(n?.closed).toBe(true);
  });

  it('a click focuses the window and opens the conversation', async () => {
    const onClick = vi.fn();
    await notifyIfHidden(notice(onClick), env());
    FakeNotification.all[0]?.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(onClick).toHaveBeenCalled();
  });

  it('go through the service worker registration when there is one', async () => {
    const worker = { close: vi.fn() };
    const registration = {
      showNotification: vi.fn(async () => {}),
      getNotifications: vi.fn(async () => [worker]),
    };
    await notifyIfHidden(
      notice(),
      env({ getRegistration: async () => registration as unknown as ServiceWorkerRegistration }),
    );
    expect(registration.showNotification).toHaveBeenCalledWith('alice', expect.objectContaining({ tag: 'chat-7' }));
    expect(FakeNotification.all).toHaveLength(0);
    vi.advanceTimersByTime(5_000);
    expect(worker.close).toHaveBeenCalled();
  });

  it('are not shown without permission', async () => {
    FakeNotification.permission = 'denied';
    await expect(notifyIfHidden(notice(), env())).resolves.toBe(false);
  });
});

describe('notification permission', () => {
  it('a denial is a NoticeError saying "Message notification has been denied"', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockResolvedValueOnce('denied');
    const error = await requestNotificationPermission(env()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoticeError);
    expect((error as Error).name).toBe('NoticeError');
    expect((error as Error).message).toBe('Message notification has been denied');
  });

  it('granted resolves', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockResolvedValueOnce('granted');
    await expect(requestNotificationPermission(env())).resolves.toBeUndefined();
  });
});
