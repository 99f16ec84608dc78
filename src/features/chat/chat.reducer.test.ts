/** The chat core as a pure function: events in, state and effects out, no timers, no I/O, no fakes. */
import { describe, expect, it } from 'vitest';
import type { ClientFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import { reduceChat } from './chat.reducer.ts';
import {
  ACK_TIMEOUT_MS,
  BACKOFF_MS,
  CATCH_UP_PAGES,
  type ChatEffect,
  type ChatInput,
  type ChatState,
  initialChatState,
  PAGE_SIZE,
} from './chat.state.ts';
import type { OutboxRecord } from './outbox.rules.ts';
import { ALICE, ME, msg, user } from './test-fixtures.ts';

const alice = user(ALICE, 'alice');
const T0 = Date.UTC(2026, 10, 21, 10);

/** Feeds events one after the other; keeps every effect asked for. */
function machine(state: ChatState = initialChatState) {
  const m = {
    state,
    effects: [] as ChatEffect[],
    at: T0,
    feed(...inputs: ChatInput[]) {
      m.effects = [];
      for (const input of inputs) {
        const step = reduceChat(m.state, { ...input, at: m.at } as Parameters<typeof reduceChat>[1]);
        m.state = step.state;
        m.effects.push(...step.effects);
      }
      return m.effects;
    },
    sent: (action: ClientFrame['action']) =>
      m.effects.flatMap((e) => (e.type === 'send' && e.frame.action === action ? [e.frame] : [])),
    of: <T extends ChatEffect['type']>(type: T) =>
      m.effects.filter((e): e is Extract<ChatEffect, { type: T }> => e.type === type),
  };
  return m;
}

/** Signed in, cache read, socket open and the page visible. */
function ready(extra: Partial<Extract<ChatInput, { type: 'cacheLoaded' }>> = {}) {
  const m = machine();
  m.feed(
    { type: 'started', me: ME, visible: true, online: true, socket: 'open' },
    { type: 'cacheLoaded', outbox: [], ...extra },
  );
  return m;
}

describe('notes to oneself', () => {
  it('a balance note (type 7) from the server refreshes user info and opens no conversation with oneself', () => {
    const m = ready();
    m.feed({ type: 'frame', frame: { action: 'chart', data: msg(9, { senderId: ME, toId: ME, type: 7 }) } });
    expect(m.of('userInfoStale')).toHaveLength(1);
    expect(m.of('notify')).toHaveLength(0);
    expect(m.state.conversations.some((c) => c.peer.id === ME)).toBe(false);
    expect(m.state.orphans).toHaveLength(0);
  });
});

const record = (clientId: string, seq: number): OutboxRecord => ({
  clientId,
  toId: ALICE,
  type: 1,
  msg: `text ${clientId}`,
  lang: 'en',
  createdAt: '2026-11-20T10:00:00.000Z',
  state: 'queued',
  attempts: 0,
  seq,
});
const chartIds = (m: ReturnType<typeof machine>) =>
  m.sent('chart').map((f) => (f as Extract<ClientFrame, { action: 'chart' }>).data.clientId);
const states = (m: ReturnType<typeof machine>) => m.state.outbox.map((r) => `${r.clientId}:${r.state}`);

describe('reading', () => {
  it('sends a read receipt only when something changed, and takes the conversation off the badge', () => {
    const m = ready({ conversations: [{ peer: alice, last: msg(3), unread: 2 }] });
    m.feed({ type: 'unreadFetched', count: 5 });
    m.feed({ type: 'open', peerId: ALICE });
    m.feed({ type: 'cachedPage', peerId: ALICE, purpose: 'show', rows: [msg(2), msg(3)], more: false });
    m.feed({ type: 'historyFetched', peerId: ALICE, purpose: 'newest', rows: [msg(2), msg(3)] });
    expect(m.sent('read')).toEqual([{ action: 'read', data: { senderId: ALICE } }]);
    expect(m.state.unread).toBe(3);
    expect(m.state.conversations[0]?.unread).toBe(0);
    expect(m.state.histories[ALICE]?.messages.every((x) => x.readAt)).toBe(true);

    // Everything is read already: coming back to the page sends nothing.
    m.feed({ type: 'visibility', visible: false }, { type: 'visibility', visible: true });
    expect(m.sent('read')).toEqual([]);
    expect(m.state.unread).toBe(3);

    // A new message while looking: read at once, one receipt; the badge never goes below zero.
    m.feed({ type: 'frame', frame: { action: 'chart', data: { ...msg(4), unreadAll: 0 } } });
    expect(m.sent('read')).toHaveLength(1);
    expect(m.state.unread).toBe(0);
  });

  it('hidden: nothing is read, the message counts unread; visible again, the receipt goes and the badge drops', () => {
    const m = ready({ conversations: [{ peer: alice, last: msg(1), unread: 0 }] });
    m.feed({ type: 'open', peerId: ALICE }, { type: 'visibility', visible: false });
    m.feed({ type: 'frame', frame: { action: 'chart', data: { ...msg(5), unreadAll: 7 } } });
    expect(m.sent('read')).toEqual([]);
    expect(m.state.unread).toBe(7);
    expect(m.state.conversations[0]?.unread).toBe(1);
    m.feed({ type: 'visibility', visible: true });
    expect(m.sent('read')).toHaveLength(1);
    expect(m.state.unread).toBe(6);
  });
});

describe('history', () => {
  it('live messages that arrive while the newest page is refetched are kept and merged with it', () => {
    const m = ready();
    // Hidden: nothing is marked read, so what is written below is only what the page brought.
    m.feed({ type: 'visibility', visible: false }, { type: 'open', peerId: ALICE });
    m.feed({ type: 'cachedPage', peerId: ALICE, purpose: 'show', rows: [msg(1), msg(2)], more: false });
    expect(m.of('fetchHistory')).toEqual([{ type: 'fetchHistory', peerId: ALICE, purpose: 'newest' }]);
    // The socket delivers 4 before the page (which stops at 3) comes back.
    m.feed({ type: 'frame', frame: { action: 'chart', data: msg(4) } });
    m.feed({ type: 'historyFetched', peerId: ALICE, purpose: 'newest', rows: [msg(1), msg(2), msg(3)] });
    expect(m.state.histories[ALICE]?.messages.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(m.state.histories[ALICE]?.state).toBe('ready');
    // Only what the cache did not hold is written to it.
    expect(m.of('saveMessages').flatMap((e) => e.messages.map((x) => x.id))).toEqual([3]);
  });

  it(`catches up at most ${CATCH_UP_PAGES} pages, then restarts the view from the newest pages`, () => {
    const at = (id: number) => msg(id, { createdAt: new Date(Date.UTC(2026, 10, 20) + id * 1000).toISOString() });
    const cached = Array.from({ length: PAGE_SIZE }, (_, i) => at(i + 1));
    const page = (top: number) => Array.from({ length: PAGE_SIZE }, (_, i) => at(top - PAGE_SIZE + 1 + i));
    const m = ready();
    m.feed({ type: 'open', peerId: ALICE });
    m.feed({ type: 'cachedPage', peerId: ALICE, purpose: 'show', rows: cached, more: false });
    // The server holds 1..1000: each page is the 30 just below `before`.
    let ask = m.of('fetchHistory')[0];
    let fetches = 0;
    while (ask) {
      fetches++;
      const top = (ask.before ?? 1001) - 1;
      m.feed({ type: 'historyFetched', peerId: ALICE, purpose: 'newest', before: ask.before, rows: page(top) });
      ask = m.of('fetchHistory')[0];
    }
    expect(fetches).toBe(CATCH_UP_PAGES);
    const h = m.state.histories[ALICE]!;
    // No silent hole: the cached 1..30 left the view; the newest 300 are shown and older ones can be fetched.
    expect(h.messages[0]?.id).toBe(1000 - CATCH_UP_PAGES * PAGE_SIZE + 1);
    expect(h.messages).toHaveLength(CATCH_UP_PAGES * PAGE_SIZE);
    expect(h.hasMore).toBe(true);
  });
});

describe('the outbox', () => {
  it('a record is durable before its first send; then one at a time, in order', () => {
    const m = ready();
    m.at = T0 + 1;
    m.feed({ type: 'send', record: record('a', 0) }, { type: 'send', record: { ...record('b', 0), seq: undefined } });
    expect(m.sent('chart')).toEqual([]);
    expect(m.of('writeOutbox').map((e) => e.confirm)).toEqual([true, true]);
    m.feed({ type: 'outboxWritten', clientId: 'b' }, { type: 'outboxWritten', clientId: 'a' });
    expect(chartIds(m)).toEqual(['a']);
    expect(states(m)).toEqual(['a:sending', 'b:queued']);
    m.feed({ type: 'frameSent', frame: m.sent('chart')[0]!, ok: true });
    expect(m.of('startTimer')).toMatchObject([{ key: 'ack:a', ms: ACK_TIMEOUT_MS, event: { type: 'ackTimeout' } }]);
    m.feed({ type: 'frame', frame: { action: 'chart', data: msg(9, { clientId: 'a', senderId: ME, toId: ALICE }) } });
    expect(m.of('cancelTimer')).toContainEqual({ type: 'cancelTimer', key: 'ack:a' });
    expect(m.of('deleteOutbox')).toEqual([{ type: 'deleteOutbox', clientId: 'a' }]);
    expect(chartIds(m)).toEqual(['b']);
  });

  it('offline: queued, never failed; the record in flight goes again after a reconnect with the same clientId', () => {
    const m = ready();
    m.feed({ type: 'send', record: record('a', 1) }, { type: 'outboxWritten', clientId: 'a' });
    m.feed({ type: 'send', record: record('b', 2) }, { type: 'outboxWritten', clientId: 'b' });
    m.feed({ type: 'socketStatus', status: 'closed', online: false });
    expect(states(m)).toEqual(['a:queued', 'b:queued']);
    m.feed({ type: 'socketStatus', status: 'connecting', online: true });
    expect(m.sent('chart')).toEqual([]);
    m.feed({ type: 'socketStatus', status: 'open', online: true });
    expect(chartIds(m)).toEqual(['a']);
    expect(m.sent('unreadAll')).toHaveLength(1);
    expect(m.of('fetchConversations')).toHaveLength(1);
    // The socket could not send after all: back to queued, still not failed.
    m.feed({ type: 'frameSent', frame: m.sent('chart')[0]!, ok: false });
    expect(states(m)).toEqual(['a:queued', 'b:queued']);
  });

  it('no ack in time → failed; the queue does not wait for it; Retry keeps the clientId; blocked is final', () => {
    const m = ready();
    for (const [id, seq] of [
      ['a', 1],
      ['b', 2],
    ] as const)
      m.feed({ type: 'send', record: record(id, seq) }, { type: 'outboxWritten', clientId: id });
    m.feed({ type: 'ackTimeout', clientId: 'a' });
    expect(states(m)).toEqual(['a:failed', 'b:sending']);
    expect(m.state.outbox[0]?.error).toBe('timeout');
    m.feed({ type: 'frame', frame: { action: 'chart', data: msg(9, { clientId: 'b', senderId: ME, toId: ALICE }) } });
    m.feed({ type: 'retry', clientId: 'a' });
    expect(chartIds(m)).toEqual(['a']);
    expect(m.state.outbox[0]).toMatchObject({ state: 'sending', attempts: 2 });
    m.feed({
      type: 'frame',
      frame: { action: 'chart', code: Code.forbidden, message: 'blocked', data: { clientId: 'a' } },
    });
    expect(m.of('alert')).toEqual([{ type: 'alert', reason: 'blocked' }]);
    m.feed({ type: 'retry', clientId: 'a' }, { type: 'cancel', clientId: 'a' });
    expect(m.sent('chart')).toEqual([]);
    expect(m.state.outbox).toEqual([]);
  });

  it('Cancel removes a queued or failed record, never one in flight', () => {
    const m = ready();
    m.feed({ type: 'send', record: record('a', 1) }, { type: 'outboxWritten', clientId: 'a' });
    m.feed({ type: 'send', record: record('b', 2) }, { type: 'outboxWritten', clientId: 'b' });
    m.feed({ type: 'cancel', clientId: 'a' }, { type: 'cancel', clientId: 'b' });
    expect(states(m)).toEqual(['a:sending']);
  });

  it('a 429 for a queued message shows no toast: it waits BACKOFF_MS and goes again with the same clientId', () => {
    const m = ready();
    m.feed({ type: 'send', record: record('a', 1) }, { type: 'outboxWritten', clientId: 'a' });
    m.feed({
      type: 'frame',
      frame: { action: 'chart', code: Code.tooMany, message: 'Too many messages', data: { clientId: 'a' } },
    });
    expect(m.of('alert')).toEqual([]);
    expect(states(m)).toEqual(['a:queued']);
    expect(m.of('startTimer')).toEqual([
      { type: 'startTimer', key: 'backoff', ms: BACKOFF_MS, event: { type: 'backoffOver' } },
    ]);
    m.feed({ type: 'socketStatus', status: 'open', online: true });
    expect(m.sent('chart')).toEqual([]);
    m.feed({ type: 'backoffOver' });
    expect(chartIds(m)).toEqual(['a']);
  });

  it('after a reload the stored queue goes out in its original order, and new records come after it', () => {
    const m = machine();
    m.feed(
      { type: 'started', me: ME, visible: true, online: true, socket: 'idle' },
      { type: 'send', record: { ...record('new', 0), seq: undefined } },
    );
    expect(m.state.outbox).toEqual([]);
    m.feed({ type: 'cacheLoaded', outbox: [record('c', T0 + 30), record('a', T0 + 10), record('b', T0 + 20)] });
    expect(m.state.outbox.map((r) => r.clientId)).toEqual(['a', 'b', 'c', 'new']);
    m.feed({ type: 'outboxWritten', clientId: 'new' }, { type: 'socketStatus', status: 'open', online: true });
    expect(chartIds(m)).toEqual(['a']);
  });
});

describe('session', () => {
  it('sign-out is one event back to the initial state, and a pending block is answered', () => {
    const m = ready({ conversations: [{ peer: alice, last: msg(1), unread: 3 }] });
    m.feed({ type: 'block', receiverId: ALICE, block: true });
    m.feed({ type: 'signedOut' });
    expect(m.state).toBe(initialChatState);
    expect(m.effects).toEqual([{ type: 'settleBlock', receiverId: ALICE, error: 'signed out' }]);
  });

  it('member actions wait for the cache; the open conversation is set at once', () => {
    const m = machine();
    m.feed({ type: 'started', me: ME, visible: true, online: true, socket: 'open' }, { type: 'open', peerId: ALICE });
    expect(m.state.activePeer).toBe(ALICE);
    expect(m.of('readCachedPage')).toEqual([]);
    m.feed({ type: 'cacheLoaded', outbox: [] });
    expect(m.of('readCachedPage')).toEqual([{ type: 'readCachedPage', peerId: ALICE, purpose: 'show' }]);
  });
});

describe('translations', () => {
  it('a translation joins its message in history and in the offline copy', () => {
    const m = ready();
    m.feed({ type: 'historyFetched', peerId: ALICE, purpose: 'older', rows: [msg(1), msg(2)] });
    m.feed({ type: 'translated', peerId: ALICE, msgId: 2, lang: 'es-es', text: 'hola 2' });
    const messages = m.state.histories[ALICE]!.messages;
    expect(messages.find((x) => x.id === 2)?.translations).toEqual({ 'es-es': 'hola 2' });
    expect(m.of('saveMessages')).toEqual([
      { type: 'saveMessages', peerId: ALICE, messages: [expect.objectContaining({ id: 2 })] },
    ]);
    // A page fetched before the translation was made does not drop it.
    m.feed({ type: 'historyFetched', peerId: ALICE, purpose: 'older', rows: [msg(2)] });
    expect(m.state.histories[ALICE]!.messages.find((x) => x.id === 2)?.translations).toEqual({ 'es-es': 'hola 2' });
  });

  it('a message sent in the partner language carries its translation in the chart frame', () => {
    const m = ready();
    m.feed({ type: 'send', record: { ...record('t1', 1), translations: { 'es-es': 'hola' } } });
    m.feed({ type: 'outboxWritten', clientId: 't1' });
    expect(m.sent('chart')[0]?.data).toMatchObject({ msg: 'text t1', translations: { 'es-es': 'hola' } });
  });
});
