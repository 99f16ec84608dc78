import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '#protocol/chat.ts';
import { MAX_PUSH_PAYLOAD_BYTES, PUSH_TEXT_MAX_CHARS } from '#protocol/push.ts';
import { pushSubscriptionBody } from '#protocol/push-schemas.ts';
import { eventOfFrame, outcomeOf, pushPayload } from './push.rules.ts';

const chart = (data: Record<string, unknown>): ServerFrame =>
  ({ action: 'chart', code: 200, data: { id: 9, senderId: 1, toId: 2, type: 1, msg: 'hi', ...data } }) as ServerFrame;

describe('eventOfFrame', () => {
  it('finds messages and gifts to the receiver, nothing else', () => {
    expect(eventOfFrame(2, chart({ unreadAll: 3 }))).toEqual({
      event: 'message',
      fromId: 1,
      toId: 2,
      msgId: 9,
      msgType: 1,
      text: 'hi',
      unread: 3,
    });
    expect(eventOfFrame(2, chart({ type: 2, msg: '/uploads/a.jpg' }))).toMatchObject({
      event: 'message',
      text: undefined,
    });
    expect(eventOfFrame(2, chart({ type: 4 }))).toMatchObject({ event: 'gift', msgType: 4, text: undefined });
    // The sender's own tabs, a note to oneself, a refusal and other frames push nothing.
    expect(eventOfFrame(1, chart({}))).toBeUndefined();
    expect(eventOfFrame(2, chart({ senderId: 2, type: 7 }))).toBeUndefined();
    expect(eventOfFrame(2, { action: 'chart', code: 403, message: 'blocked' } as ServerFrame)).toBeUndefined();
    expect(eventOfFrame(2, { action: 'unreadAll', code: 200, data: 1 })).toBeUndefined();
  });
});

describe('pushPayload', () => {
  it('cuts long texts and never exceeds 3 KB, even for escaped control characters', () => {
    const sender = { name: 'n'.repeat(500), avatar: '/uploads/a.jpg' };
    const long = JSON.parse(pushPayload({ event: 'message', fromId: 1, toId: 2, text: 'x'.repeat(5000) }, sender));
    expect(Array.from(long.text as string)).toHaveLength(PUSH_TEXT_MAX_CHARS);
    expect(long.from.name).toHaveLength(64);
    const escaped = pushPayload({ event: 'message', fromId: 1, toId: 2, text: '\u0001'.repeat(5000) }, sender);
    expect(Buffer.byteLength(escaped)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    // Never inside a surrogate pair.
    const emoji = JSON.parse(pushPayload({ event: 'message', fromId: 1, toId: 2, text: '😀'.repeat(300) }, sender));
    expect((emoji.text as string).endsWith('😀…')).toBe(true);
  });
});

describe('outcomeOf', () => {
  it('deletes on 404 and 410, retries 429, 5xx and network failures, drops the rest', () => {
    expect([201, 404, 410, 429, 500, 503, undefined, 400, 403, 413].map(outcomeOf)).toEqual([
      'delivered',
      'gone',
      'gone',
      'retry',
      'retry',
      'retry',
      'retry',
      'drop',
      'drop',
      'drop',
    ]);
  });
});

describe('pushSubscriptionBody', () => {
  const p256dh = `B${'A'.repeat(86)}`;
  const auth = 'A'.repeat(22);
  it('takes https endpoints and well-formed keys only', () => {
    expect(
      pushSubscriptionBody.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh, auth } })
        .success,
    ).toBe(true);
    for (const endpoint of ['http://x.example/a', 'https://', 'https://a b', 'https://u@x.example/', 'javascript:1']) {
      expect(pushSubscriptionBody.safeParse({ endpoint, keys: { p256dh, auth } }).success, endpoint).toBe(false);
    }
    for (const keys of [
      { p256dh: `C${'A'.repeat(86)}`, auth },
      { p256dh, auth: 'A'.repeat(21) },
      { p256dh: '$', auth },
    ]) {
      expect(pushSubscriptionBody.safeParse({ endpoint: 'https://x.example/a', keys }).success).toBe(false);
    }
  });
});
