import { describe, expect, it } from 'vitest';
import type { OutboxRecord, OutboxState } from './outbox.rules.ts';
import { canCancel, canRetry, nextToSend, trayCounts } from './outbox.rules.ts';

const r = (clientId: string, seq: number, state: OutboxState = 'queued', toId = 7): OutboxRecord => ({
  clientId,
  toId,
  type: 1,
  msg: 'x',
  lang: 'en',
  createdAt: '2026-11-20T10:00:00.000Z',
  state,
  attempts: 0,
  seq,
});

describe('nextToSend', () => {
  it('takes the oldest queued records while the window has room', () => {
    const list = [r('c', 3), r('a', 1), r('b', 2)];
    expect(nextToSend(list, 1).map((x) => x.clientId)).toEqual(['a']);
    expect(nextToSend(list, 2).map((x) => x.clientId)).toEqual(['a', 'b']);
  });

  it('waits while one is in flight, and skips failed ones', () => {
    expect(nextToSend([r('a', 1, 'sending'), r('b', 2)], 1)).toEqual([]);
    expect(nextToSend([r('a', 1, 'failed'), r('b', 2)], 1).map((x) => x.clientId)).toEqual(['b']);
  });
});

describe('trayCounts', () => {
  it('counts messages and distinct chats while offline', () => {
    const list = [r('a', 1, 'queued', 7), r('b', 2, 'queued', 9), r('c', 3, 'queued', 7)];
    expect(trayCounts(list, true)).toEqual({ messages: 3, chats: 2 });
  });

  it('stays hidden online unless something failed, and when empty', () => {
    expect(trayCounts([r('a', 1, 'sending'), r('b', 2)], false)).toBeNull();
    expect(trayCounts([r('a', 1, 'failed'), r('b', 2)], false)).toEqual({ messages: 2, chats: 1 });
    expect(trayCounts([], true)).toBeNull();
  });
});

describe('retry and cancel', () => {
  it('retry only a failed, not blocked, record; cancel only what never reached the server', () => {
    expect(canRetry({ state: 'failed', error: 'timeout' })).toBe(true);
    expect(canRetry({ state: 'failed', error: 'blocked' })).toBe(false);
    expect(canRetry({ state: 'queued' })).toBe(false);
    expect(canCancel({ state: 'queued' })).toBe(true);
    expect(canCancel({ state: 'failed' })).toBe(true);
    expect(canCancel({ state: 'sending' })).toBe(false);
  });
});
