import { i18n } from '@lingui/core';
import { createStore } from 'jotai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import { conversationsAtom, historiesAtom, lastSyncedAtom, offlineAtom, outboxRecordsAtom } from './chat.atoms.ts';
import { createChatService } from './chat.service.ts';
import { ALICE, createMemoryChatCache, FakeTransport, fakeApi, ME, msg, user } from './test-fixtures.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));

const alice = user(ALICE, 'alice');
const flush = () => new Promise((r) => setTimeout(r, 0));
/** Messages 1..n with ids in time order (the fixture's clock wraps every minute). */
const thread = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    msg(from + i, { createdAt: new Date(Date.UTC(2026, 10, 20, 10) + (from + i) * 1000).toISOString() }),
  );
const ids = (list: readonly Message[] | undefined) => (list ?? []).map((m) => m.id);

let store: ReturnType<typeof createStore>;
let transport: FakeTransport;
let cache: ReturnType<typeof createMemoryChatCache>;

function service(api: ReturnType<typeof fakeApi>, me = ME) {
  let n = 0;
  return createChatService({
    store,
    transport,
    cache,
    api,
    me: () => me,
    lang: () => 'en-us',
    isVisible: () => true,
    newId: () => `00000000-0000-4000-8000-00000000000${++n}`,
  });
}
const failing = () => ({
  ...fakeApi({}),
  fetchHistory: async () => Promise.reject(new Error('offline')),
  fetchConversations: async () => Promise.reject(new Error('offline')),
});

beforeEach(() => {
  store = createStore();
  transport = new FakeTransport();
  cache = createMemoryChatCache();
});

describe('history from the cache first', () => {
  it('opening shows the cached newest page, then the server page merged without duplicates, and caches it', async () => {
    cache.saveMessages(ALICE, thread(1, 40));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = thread(1, 45);
    const api = {
      ...fakeApi({}),
      fetchHistory: async (_peer: number, before?: number) => {
        await gate;
        return server.filter((m) => before === undefined || m.id < before).slice(-30);
      },
    };
    const chat = service(api);
    const opening = chat.open(ALICE);
    await flush();
    // Before the server answers: exactly the newest cached page.
    expect(ids(store.get(historiesAtom)[ALICE]?.messages)).toEqual(ids(thread(11, 40)));
    release();
    await opening;
    expect(ids(store.get(historiesAtom)[ALICE]?.messages)).toEqual(ids(thread(11, 45)));
    expect([...(cache.rows.get(ALICE)?.keys() ?? [])].sort((a, b) => a - b)).toEqual(ids(thread(1, 45)));
  });

  it('catches up on everything missed while away, page by page, so no hole and no duplicate remains', async () => {
    cache.saveMessages(ALICE, thread(1, 30));
    const chat = service(fakeApi({ history: { [ALICE]: thread(1, 100) } }));
    await chat.open(ALICE);
    expect(ids(store.get(historiesAtom)[ALICE]?.messages)).toEqual(ids(thread(1, 100)));
    expect(cache.rows.get(ALICE)?.size).toBe(100);
  });

  it('offline: the cached page is a usable view, older pages come from the cache, then the start', async () => {
    cache.saveMessages(ALICE, thread(1, 45));
    transport.network(false);
    const chat = service(failing());
    await chat.open(ALICE);
    const h = () => store.get(historiesAtom)[ALICE]!;
    expect(h().state).toBe('ready');
    expect(ids(h().messages)).toEqual(ids(thread(16, 45)));
    await chat.loadOlder(ALICE);
    expect(ids(h().messages)).toEqual(ids(thread(1, 45)));
    expect(h().hasMore).toBe(false);
    expect(store.get(offlineAtom)).toBe(true);
  });
});

describe('conversation list and connection', () => {
  it('a new session shows the cached list and when it was synced, before (and without) the server', async () => {
    const first = service(fakeApi({ conversations: [{ peer: alice, last: msg(3), unread: 0 }] }));
    await first.loadConversations();
    await first.flush();
    const synced = store.get(lastSyncedAtom);
    first.dispose();
    expect(store.get(conversationsAtom)).toEqual([]);

    const second = service(failing());
    await second.loadConversations();
    expect(store.get(conversationsAtom).map((c) => c.peer.username)).toEqual(['alice']);
    expect(store.get(lastSyncedAtom)).toBe(synced);
  });

  it("another member's leftovers are dropped when a different member starts", async () => {
    cache.saveMessages(ALICE, thread(1, 5));
    await cache.claim(ME);
    const chat = service(failing(), 42);
    await chat.open(ALICE);
    expect(store.get(historiesAtom)[ALICE]?.messages ?? []).toEqual([]);
  });

  it('browser offline: messages queue; back online and connected, they go out in order', async () => {
    const chat = service(fakeApi({}));
    transport.network(false);
    const a = await chat.send(ALICE, 1, 'one');
    const b = await chat.send(ALICE, 1, 'two');
    expect(store.get(outboxRecordsAtom).map((r) => r.state)).toEqual(['queued', 'queued']);
    expect(transport.sentOf('chart')).toEqual([]);
    transport.network(true);
    await flush();
    expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual([a]);
    transport.serverSends({ action: 'chart', data: msg(70, { clientId: a, senderId: ME, toId: ALICE }) });
    await flush();
    await flush();
    expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual([a, b]);
  });
});

describe('the outbox across a reload', () => {
  it('the stored queue goes out after a reload in its original order with its original clientIds', async () => {
    transport.connected = false;
    transport.status = 'closed';
    const first = service(fakeApi({}));
    const ids = [await first.send(ALICE, 1, 'a'), await first.send(ALICE, 1, 'b'), await first.send(ALICE, 1, 'c')];
    expect(store.get(outboxRecordsAtom).map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);

    // A new page: fresh memory and a fresh socket, the same IndexedDB rows.
    store = createStore();
    transport = new FakeTransport();
    transport.status = 'idle';
    let n = 3;
    createChatService({
      store,
      transport,
      cache,
      api: fakeApi({}),
      me: () => ME,
      lang: () => 'en-us',
      isVisible: () => true,
      newId: () => `00000000-0000-4000-8000-00000000000${++n}`,
    });
    transport.opens();
    await flush();
    for (const [i, clientId] of ids.entries()) {
      expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual(ids.slice(0, i + 1));
      transport.serverSends({ action: 'chart', data: msg(80 + i, { clientId, senderId: ME, toId: ALICE }) });
      await flush();
    }
    expect(store.get(outboxRecordsAtom)).toEqual([]);
    expect(await cache.outboxRows.all()).toEqual([]);
  });
});
