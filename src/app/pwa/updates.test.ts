import { describe, expect, it, vi } from 'vitest';
import type { UpdateOffer } from './pwa.atoms.ts';
import { UPDATE_CHECK_MS, type UpdateEnv, VISIBLE_CHECK_GAP_MS, type WorkboxLike, wireUpdates } from './updates.ts';

type Listener = (event: { isExternal?: boolean }) => void;

function setup({ hadController = true } = {}) {
  const listeners: Record<string, Listener[]> = {};
  const wb = {
    addEventListener: (type: string, fn: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
    messageSkipWaiting: vi.fn(),
    update: vi.fn(async () => undefined),
  } satisfies WorkboxLike;
  const emit = (type: string, event: { isExternal?: boolean } = {}) => {
    for (const fn of listeners[type] ?? []) fn(event);
  };
  let now = 0;
  let visibility: DocumentVisibilityState = 'visible';
  let onVisible = () => {};
  let tick = () => {};
  const env: UpdateEnv = {
    reload: vi.fn(),
    now: () => now,
    setInterval: (fn, ms) => {
      expect(ms).toBe(UPDATE_CHECK_MS);
      tick = fn;
    },
    visibility: () => visibility,
    onVisibilityChange: (fn) => {
      onVisible = fn;
    },
    hadController,
  };
  const offers: UpdateOffer[] = [];
  wireUpdates(wb, (offer) => offers.push(offer), env);
  return {
    wb,
    env,
    emit,
    offers,
    tick: () => tick(),
    advance: (ms: number) => {
      now += ms;
    },
    setVisibility: (v: DocumentVisibilityState) => {
      visibility = v;
      onVisible();
    },
  };
}

describe('update flow', () => {
  it('offers a waiting worker; Reload posts SKIP_WAITING and reloads once it controls the page', () => {
    const t = setup();
    t.emit('waiting');
    expect(t.offers).toHaveLength(1);
    expect(t.wb.messageSkipWaiting).not.toHaveBeenCalled();
    t.offers[0]!.apply();
    expect(t.wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(t.env.reload).not.toHaveBeenCalled();
    t.emit('controlling');
    expect(t.env.reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first install takes control', () => {
    const t = setup();
    t.emit('controlling', { isExternal: false });
    expect(t.env.reload).not.toHaveBeenCalled();
    expect(t.offers).toHaveLength(0);
  });

  it('offers nothing when a first install started by an earlier page load takes control of this one', () => {
    const t = setup({ hadController: false });
    t.emit('controlling', { isExternal: true });
    expect(t.offers).toHaveLength(0);
    expect(t.env.reload).not.toHaveBeenCalled();
  });

  it('turns a pending offer into a plain reload when another tab activates that version first', () => {
    const t = setup();
    t.emit('waiting');
    t.emit('controlling', { isExternal: false });
    expect(t.env.reload).not.toHaveBeenCalled();
    expect(t.offers).toHaveLength(2);
    t.offers[1]!.apply();
    expect(t.wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(t.env.reload).toHaveBeenCalledOnce();
  });

  it('offers a plain reload when another tab activated the new version', () => {
    const t = setup();
    t.emit('controlling', { isExternal: true });
    expect(t.offers).toHaveLength(1);
    t.offers[0]!.apply();
    expect(t.wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(t.env.reload).toHaveBeenCalledOnce();
  });

  it('checks hourly and when the page becomes visible, at most once a minute', () => {
    const t = setup();
    t.tick();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.advance(VISIBLE_CHECK_GAP_MS - 1);
    t.setVisibility('visible');
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.advance(1);
    t.setVisibility('hidden');
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.setVisibility('visible');
    expect(t.wb.update).toHaveBeenCalledTimes(2);
  });

  it('a failed check (offline) is swallowed', async () => {
    const t = setup();
    t.wb.update.mockRejectedValueOnce(new Error('offline'));
    t.tick();
    await Promise.resolve();
    expect(t.wb.update).toHaveBeenCalledOnce();
  });
});
