import { describe, expect, it } from 'vitest';
import type { BaseUser } from '#protocol/user.ts';
import { applyRead, mergeMessages, upsertConversation } from './chat.rules.ts';
import { canSendText } from './composer.rules.ts';
import type { OutboxRecord } from './outbox.rules.ts';
import * as fixtures from './test-fixtures.ts';
import { buildTimeline } from './timeline.rules.ts';

const { ME, ALICE, msg } = fixtures;
const alice = { id: ALICE, username: 'alice' } as BaseUser;

describe('mergeMessages', () => {
  it('keeps oldest first and ignores a duplicate by id', () => {
    const once = mergeMessages([msg(2)], [msg(1), msg(2)]);
    expect(once.map((m) => m.id)).toEqual([1, 2]);
    expect(mergeMessages(once, [msg(1), msg(2)])).toBe(once);
  });

  it('treats the same sender and clientId as the same message (a re-ack after reconnect)', () => {
    const merged = mergeMessages([msg(3, { clientId: 'x' })], [msg(3, { clientId: 'x', msg: 'hello 3' })]);
    expect(merged).toHaveLength(1);
  });

  it('never loses a known readAt to an older copy', () => {
    const read = msg(4, { readAt: '2026-11-20T11:00:00.000Z' });
    expect(mergeMessages([read], [msg(4)])[0]?.readAt).toBe('2026-11-20T11:00:00.000Z');
  });
});

describe('read receipts', () => {
  it('mark only my messages to the reader, up to readAt', () => {
    const mine = (id: number) => msg(id, { senderId: ME, toId: ALICE });
    const out = applyRead([mine(1), mine(5), msg(2)], ME, ALICE, '2026-11-20T10:00:03.000Z');
    expect(out.map((m) => Boolean(m.readAt))).toEqual([true, false, false]);
  });
});

describe('conversations and unread counting', () => {
  it('a new message from the peer moves the conversation up and counts one unread', () => {
    const bob = { peer: { id: 9, username: 'bob' } as BaseUser, last: msg(5, { senderId: 9 }), unread: 0 };
    const list = upsertConversation([bob, { peer: alice, last: msg(1), unread: 0 }], alice, msg(6), {
      me: ME,
      countUnread: true,
    });
    expect(list.map((c) => [c.peer.username, c.unread])).toEqual([
      ['alice', 1],
      ['bob', 0],
    ]);
  });

  it('the same message twice counts once; my own messages never count', () => {
    let list = upsertConversation([], alice, msg(1), { me: ME, countUnread: true });
    list = upsertConversation(list, alice, msg(1), { me: ME, countUnread: true });
    list = upsertConversation(list, alice, msg(2, { senderId: ME, toId: ALICE }), { me: ME, countUnread: true });
    expect(list[0]?.unread).toBe(1);
    expect(list[0]?.last?.id).toBe(2);
  });
});

describe('timeline', () => {
  const pending = (clientId: string, createdAt: string): OutboxRecord => ({
    clientId,
    toId: ALICE,
    type: 1,
    msg: 'typed',
    lang: 'en',
    createdAt,
    state: 'sending',
    attempts: 1,
  });

  it('hides a pending record once its stored copy (same clientId) is there', () => {
    const items = buildTimeline([msg(1, { clientId: 'p1' })], [pending('p1', '2026-11-20T10:00:05.000Z')]);
    expect(items.filter((i) => i.kind !== 'day')).toHaveLength(1);
  });

  it('puts a day separator where the day changes', () => {
    const items = buildTimeline([msg(1, { createdAt: '2026-11-19T12:00:00.000Z' }), msg(2)], []);
    expect(items.map((i) => i.kind)).toEqual(['day', 'message', 'day', 'message']);
  });
});

describe('composer rules', () => {
  it('whitespace is not a message; 2,000 characters is the limit', () => {
    expect(canSendText('  \n ', 2000)).toBe(false);
    expect(canSendText('x'.repeat(2000), 2000)).toBe(true);
    expect(canSendText('x'.repeat(2001), 2000)).toBe(false);
  });
});
