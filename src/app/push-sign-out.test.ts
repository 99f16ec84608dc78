// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SETTING_KEY } from '#protocol/constants.ts';

const disablePush = vi.fn(async () => {});
vi.mock('#features/push/index.ts', () => ({ disablePush, syncPush: vi.fn() }));

const { stopPushOnSignOut } = await import('./socket-wiring.ts');

describe('signing out on a device with push on (a shared phone)', () => {
  beforeEach(() => {
    localStorage.clear();
    disablePush.mockClear();
  });

  it('turns push off here, so the server forgets the subscription while the token still works', async () => {
    localStorage.setItem(PUSH_SETTING_KEY, JSON.stringify({ on: true, events: ['message'], key: 'k' }));
    await stopPushOnSignOut();
    expect(disablePush).toHaveBeenCalledTimes(1);
  });

  it('loads no push code when push is off here', async () => {
    localStorage.setItem(PUSH_SETTING_KEY, JSON.stringify({ on: false, events: ['message'], key: 'k' }));
    await stopPushOnSignOut();
    expect(disablePush).not.toHaveBeenCalled();
  });

  it('still signs out when turning push off fails', async () => {
    localStorage.setItem(PUSH_SETTING_KEY, JSON.stringify({ on: true, events: ['message'], key: 'k' }));
    disablePush.mockRejectedValueOnce(new Error('offline'));
    await expect(stopPushOnSignOut()).resolves.toBeUndefined();
  });
});
