import { describe, expect, it, vi } from 'vitest';
import { focusAndNavigate, NAVIGATE_ACK_MS, notificationTarget } from './notification-click.ts';

const ORIGIN = 'https://amity.example';

describe('notificationTarget', () => {
  it('keeps same-origin paths and absolute URLs', () => {
    expect(notificationTarget({ url: '/chat?userId=5' }, ORIGIN)).toBe(`${ORIGIN}/chat?userId=5`);
    expect(notificationTarget({ url: `${ORIGIN}/square` }, ORIGIN)).toBe(`${ORIGIN}/square`);
  });

  it('falls back to /chat for missing, malformed or foreign targets', () => {
    for (const data of [undefined, null, {}, { url: '' }, { url: 42 }, { url: 'https://evil.example/x' }]) {
      expect(notificationTarget(data, ORIGIN)).toBe(`${ORIGIN}/chat`);
    }
    expect(notificationTarget({ url: 'http://[bad' }, ORIGIN)).toBe(`${ORIGIN}/chat`);
  });
});

function fakeWindow(url: string, focused: boolean, answers: boolean) {
  return {
    url,
    focused,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
    postMessage: vi.fn((_message: unknown, [port]: Transferable[]) => {
      if (answers) (port as MessagePort).postMessage({ type: 'NAVIGATED' });
    }),
  };
}

describe('focusAndNavigate', () => {
  const target = `${ORIGIN}/chat?userId=5`;

  it('opens a window when none is open', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await focusAndNavigate(clients, target);
    expect(clients.openWindow).toHaveBeenCalledWith(target);
  });

  it('focuses the focused window first and lets the page route in-app', async () => {
    const a = fakeWindow(`${ORIGIN}/square`, false, true);
    const b = fakeWindow(`${ORIGIN}/vip`, true, true);
    const clients = { matchAll: vi.fn(async () => [a, b]), openWindow: vi.fn() };
    await focusAndNavigate(clients, target);
    expect(b.focus).toHaveBeenCalled();
    expect(b.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', url: target }, expect.any(Array));
    expect(b.navigate).not.toHaveBeenCalled();
    expect(a.focus).not.toHaveBeenCalled();
  });

  it('only focuses a window already at the target', async () => {
    const a = fakeWindow(target, false, true);
    await focusAndNavigate({ matchAll: async () => [a], openWindow: vi.fn() }, target);
    expect(a.focus).toHaveBeenCalled();
    expect(a.postMessage).not.toHaveBeenCalled();
  });

  it('navigates the window itself when the page does not answer in time', async () => {
    vi.useFakeTimers();
    try {
      const a = fakeWindow(`${ORIGIN}/square`, false, false);
      const done = focusAndNavigate({ matchAll: async () => [a], openWindow: vi.fn() }, target);
      await vi.advanceTimersByTimeAsync(NAVIGATE_ACK_MS + 1);
      await done;
      expect(a.navigate).toHaveBeenCalledWith(target);
    } finally {
      vi.useRealTimers();
    }
  });
});
