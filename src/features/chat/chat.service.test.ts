import { i18n } from '@lingui/core';
import { createStore } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationsAtom, historiesAtom, outboxRecordsAtom, unreadCountAtom } from './chat.atoms.ts';
import { createChatService } from './chat.service.ts';
import { ACK_TIMEOUT_MS } from './chat.state.ts';
import { ALICE, createMemoryChatCache, FakeTransport, fakeApi, ME, msg, user } from './test-fixtures.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));
afterEach(() => vi.useRealTimers());

let store: ReturnType<typeof createStore>;
let transport: FakeTransport;
let visible = true;
const alice = user(ALICE, 'alice');

function setup(extra: Partial<Parameters<typeof createChatService>[0]> = {}) {
  let n = 0;
  return createChatService({
    store,
    transport,
    cache: createMemoryChatCache(),
    me: () => ME,
    lang: () => 'en-us',
    api: fakeApi({
      conversations: [{ peer: alice, last: msg(1), unread: 1 }],
      history: { [ALICE]: [msg(1)] },
      peers: [alice],
    }),
    isVisible: () => visible,
    newId: () => `00000000-0000-4000-8000-00000000000${++n}`,
    ...extra,
  });
}
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  store = createStore();
  transport = new FakeTransport();
  visible = true;
});

describe('sending', () => {
  it('a message is a pending record first, and the ack (same clientId) replaces it with the stored message', async () => {
    const chat = setup();
    const clientId = await chat.send(ALICE, 1, 'hi alice');
    expect(store.get(outboxRecordsAtom)).toMatchObject([{ clientId, state: 'sending', msg: 'hi alice' }]);
    expect(transport.sentOf('chart')[0]?.data).toEqual({
      toId: ALICE,
      type: 1,
      msg: 'hi alice',
      lang: 'en-us',
      clientId,
    });

    transport.serverSends({ action: 'chart', code: 200, data: msg(50, { clientId, senderId: ME, toId: ALICE }) });
    await flush();
    expect(store.get(outboxRecordsAtom)).toEqual([]);
    expect(store.get(historiesAtom)[ALICE]?.messages.map((m) => m.id)).toEqual([50]);
    expect(store.get(conversationsAtom)[0]?.last?.id).toBe(50);
  });

  it('no ack in time → failed; retry re-sends the same clientId', async () => {
    vi.useFakeTimers();
    const chat = setup();
    const clientId = await chat.send(ALICE, 1, 'anyone?');
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(store.get(outboxRecordsAtom)[0]).toMatchObject({ state: 'failed', error: 'timeout' });
    await chat.retry(clientId);
    expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual([clientId, clientId]);
    expect(store.get(outboxRecordsAtom)[0]?.state).toBe('sending');
  });

  it('a 403 on chart marks the message failed as blocked and says "You have been blocked"', async () => {
    const toast = vi.fn();
    const chat = setup({ toast });
    await chat.send(ALICE, 1, 'hello?');
    transport.serverSends({ action: 'chart', code: 403, message: 'You have been blocked' });
    await flush();
    expect(store.get(outboxRecordsAtom)[0]).toMatchObject({ state: 'failed', error: 'blocked' });
    expect(toast).toHaveBeenCalledWith('error', 'You have been blocked');
  });

  it('offline (the socket could not send) stays queued, not failed, and goes out on reconnect', async () => {
    transport.connected = false;
    const chat = setup();
    const clientId = await chat.send(ALICE, 1, 'x');
    expect(store.get(outboxRecordsAtom)[0]).toMatchObject({ state: 'queued', clientId });
    expect(transport.sentOf('chart')).toEqual([]);
    transport.opens();
    await flush();
    expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual([clientId]);
    expect(store.get(outboxRecordsAtom)[0]?.state).toBe('sending');
  });
});

describe('receiving', () => {
  it('a message from a closed conversation counts unread and takes unreadAll for the badge', async () => {
    const chat = setup();
    await chat.loadConversations();
    transport.serverSends({ action: 'chart', data: { ...msg(2), unreadAll: 4 } });
    transport.serverSends({ action: 'chart', data: { ...msg(2), unreadAll: 4 } });
    expect(store.get(conversationsAtom)[0]).toMatchObject({ unread: 2, last: { id: 2 } });
    expect(store.get(unreadCountAtom)).toBe(4);
    expect(transport.sentOf('read')).toHaveLength(0);
  });

  it('a message in the open, visible conversation is read at once', async () => {
    const chat = setup();
    await chat.loadConversations();
    await chat.open(ALICE);
    expect(transport.sentOf('read')).toEqual([{ action: 'read', data: { senderId: ALICE } }]);
    transport.serverSends({ action: 'chart', data: msg(3) });
    expect(transport.sentOf('read')).toHaveLength(2);
    expect(store.get(conversationsAtom)[0]?.unread).toBe(0);
  });

  it('nothing is marked read while the page is hidden', async () => {
    visible = false;
    const chat = setup();
    await chat.loadConversations();
    await chat.open(ALICE);
    expect(transport.sentOf('read')).toHaveLength(0);
  });

  it('a read receipt turns my messages read', async () => {
    const chat = setup();
    await chat.open(ALICE);
    transport.serverSends({ action: 'chart', data: msg(60, { senderId: ME, toId: ALICE, clientId: 'mine' }) });
    transport.serverSends({ action: 'read', data: { readerId: ALICE, readAt: '2026-11-21T00:00:00.000Z' } });
    const mine = store.get(historiesAtom)[ALICE]?.messages.find((m) => m.id === 60);
    expect(mine?.readAt).toBe('2026-11-21T00:00:00.000Z');
  });

  it('types 3-7 refresh user info and notify with a gift label', () => {
    const onUserInfoStale = vi.fn();
    const onIncoming = vi.fn();
    setup({ onUserInfoStale, onIncoming });
    transport.serverSends({ action: 'chart', data: msg(4, { type: 4, msg: 'For you' }) });
    expect(onUserInfoStale).toHaveBeenCalledTimes(1);
    expect(onIncoming.mock.calls[0]?.[2]).toBe('Gold coins gift');
    transport.serverSends({ action: 'chart', data: msg(5, { type: 1 }) });
    expect(onUserInfoStale).toHaveBeenCalledTimes(1);
  });

  it('a video and a voice note are summed up in words, not as their URLs', () => {
    const onIncoming = vi.fn();
    setup({ onIncoming });
    transport.serverSends({ action: 'chart', data: msg(6, { type: 8, msg: '/uploads/a.webm' }) });
    transport.serverSends({ action: 'chart', data: msg(7, { type: 9, msg: '/uploads/b.weba' }) });
    expect(onIncoming.mock.calls.map((call) => call[2])).toEqual(['sent a video', 'sent a voice message']);
  });
});

describe('reconnect and block', () => {
  it('on (re)connect asks unreadAll, refetches conversations and re-sends what was in flight', async () => {
    const chat = setup();
    const clientId = await chat.send(ALICE, 1, 'during the outage');
    transport.sent = [];
    transport.opens();
    await flush();
    expect(transport.sentOf('unreadAll')).toHaveLength(1);
    expect(transport.sentOf('chart')[0]?.data.clientId).toBe(clientId);
    expect(store.get(conversationsAtom)[0]?.peer.username).toBe('alice');
  });

  it('block resolves on the server ack', async () => {
    const chat = setup();
    const done = chat.block(ALICE, true);
    await flush();
    expect(transport.sentOf('block')[0]?.data).toEqual({ receiverId: ALICE, block: true });
    transport.serverSends({ action: 'block', data: { receiverId: ALICE, block: true } });
    await expect(done).resolves.toBeUndefined();
  });
});

describe('translations', () => {
  it('a translation is kept with the message in the offline copy and comes back from it', async () => {
    const cache = createMemoryChatCache();
    const chat = setup({ cache });
    await chat.open(ALICE);
    chat.translated(ALICE, 1, 'es-es', 'hola 1');
    expect(cache.rows.get(ALICE)?.get(1)?.translations).toEqual({ 'es-es': 'hola 1' });

    // A new session (a reload, offline) reads it from the cache.
    const later = createStore();
    transport.online = false;
    transport.status = 'closed';
    const offline = createChatService({
      store: later,
      transport,
      cache,
      me: () => ME,
      lang: () => 'en-us',
      api: fakeApi({}),
      isVisible: () => true,
    });
    await offline.open(ALICE);
    expect(later.get(historiesAtom)[ALICE]?.messages[0]?.translations).toEqual({ 'es-es': 'hola 1' });
  });
});
