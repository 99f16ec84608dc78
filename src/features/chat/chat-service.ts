/**
 * Turns socket frames into chat state and member actions into frames. It owns no socket (lib/socket.ts does) and no
 * store (app/ passes the one store): tests drive it with a fake transport and a fresh store.
 */
import type { createStore } from 'jotai';
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import * as restApi from './api.ts';
import { createBlockRequests } from './block-requests.ts';
import {
  activePeerAtom,
  connectionAtom,
  conversationsAtom,
  conversationsStateAtom,
  emptyHistory,
  historiesAtom,
  lastSyncedAtom,
  offlineAtom,
  outboxRecordsAtom,
  type PeerHistory,
  peersAtom,
  unreadCountAtom,
} from './chat.atoms.ts';
import { applyRead, setConversationRead, upsertConversation } from './chat.rules.ts';
import { type ChatCache, createChatCache } from './chat-cache.ts';
import { createFrameHandler } from './chat-frames.ts';
import { createHistorySync } from './history-sync.ts';
import { browserNetwork, type Network } from './network.ts';
import { createOutbox, type Outbox, type OutboxRecord } from './outbox.ts';
import { createOutboxSender } from './outbox-sender.ts';

type Store = ReturnType<typeof createStore>;

export { BLOCK_TIMEOUT_MS } from './block-requests.ts';
export { messageSummary } from './message-summary.ts';
export type { Network } from './network.ts';
export { ACK_TIMEOUT_MS } from './outbox-sender.ts';

export interface ChatTransport {
  readonly status: 'idle' | 'connecting' | 'open' | 'closed';
  send(frame: ClientFrame): Promise<boolean>;
  onFrame(listener: (frame: ServerFrame) => void): () => void;
  onStatus(listener: (status: 'idle' | 'connecting' | 'open' | 'closed') => void): () => void;
}

export type ChatApi = Pick<
  typeof restApi,
  'fetchConversations' | 'fetchHistory' | 'fetchChatPeer' | 'fetchUnread' | 'uploadImage'
>;

export interface ChatServiceOptions {
  store: Store;
  transport: ChatTransport;
  me: () => number | null;
  lang: () => string;
  api?: ChatApi;
  outbox?: Outbox;
  /** The offline copy (IndexedDB in the app; memory in tests). */
  cache?: ChatCache;
  network?: Network;
  isVisible?: () => boolean;
  toast?: (kind: 'error' | 'warning' | 'success', message: string) => void;
  /** Types 3-7 arrived: balances or membership changed (docs/product.md, Messages). */
  onUserInfoStale?: () => void;
  /** A message from someone else arrived; app/ decides whether to notify (page hidden). */
  onIncoming?: (message: Message, peer: BaseUser | undefined, body: string) => void;
  newId?: () => string;
  now?: () => Date;
}

export function createChatService(options: ChatServiceOptions) {
  const { store, transport } = options;
  const api = options.api ?? restApi;
  const cache = options.cache ?? createChatCache();
  const outbox = options.outbox ?? createOutbox(cache.outboxRows);
  const network = options.network ?? browserNetwork;
  const isVisible = options.isVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());
  const fetchingPeers = new Set<number>();
  let disposed = false;

  const history = (peerId: number): PeerHistory => store.get(historiesAtom)[peerId] ?? emptyHistory;
  /** Every message that is new or changed (an object not held before) also goes to the offline copy. */
  const setHistory = (peerId: number, update: (h: PeerHistory) => PeerHistory, persist = true) => {
    let changed: Message[] = [];
    store.set(historiesAtom, (all) => {
      const prev = all[peerId] ?? emptyHistory;
      const next = update(prev);
      if (persist && next.messages !== prev.messages) {
        const had = new Set(prev.messages);
        changed = next.messages.filter((m) => !had.has(m));
      }
      return { ...all, [peerId]: next };
    });
    if (changed.length) cache.saveMessages(peerId, changed);
  };
  const knownPeer = (peerId: number): BaseUser | undefined =>
    store.get(conversationsAtom).find((c) => c.peer.id === peerId)?.peer ?? store.get(peersAtom)[peerId];
  const offline = () => store.get(offlineAtom);
  const setConnection = (patch: Partial<{ browserOnline: boolean; socketDown: boolean }>) =>
    store.set(connectionAtom, (c) => ({ ...c, ...patch }));

  const sender = createOutboxSender({
    outbox,
    send: (frame) => transport.send(frame),
    canSend: () => transport.status === 'open' && network.online(),
  });
  const blocks = createBlockRequests((frame) => transport.send(frame));
  const historySync = createHistorySync({ api, cache, offline, history, setHistory });

  // This member's cache first (claim), then the outbox and the cached list: nothing is sent or shown before.
  const ready = (async () => {
    cache.warm();
    const me = options.me();
    if (me !== null) await cache.claim(me).catch(() => {});
    await outbox.load();
    const [list, syncedAt] = await Promise.all([
      cache.readConversations().catch(() => undefined),
      cache.readSyncedAt().catch(() => undefined),
    ]);
    if (disposed) return;
    if (list?.length && store.get(conversationsAtom).length === 0) store.set(conversationsAtom, list);
    if (syncedAt && store.get(lastSyncedAtom) === null) store.set(lastSyncedAtom, syncedAt);
  })();

  const unsubscribeOutbox = outbox.subscribe((records) => store.set(outboxRecordsAtom, records));
  const unsubscribeList = store.sub(conversationsAtom, () => cache.saveConversations(store.get(conversationsAtom)));
  setConnection({ browserOnline: network.online(), socketDown: transport.status === 'closed' });
  const unsubscribeNetwork = network.subscribe((online) => {
    setConnection({ browserOnline: online });
    void (online ? sender.pump() : sender.disconnected());
  });

  async function ensurePeer(peerId: number): Promise<BaseUser | undefined> {
    const known = knownPeer(peerId);
    if (known || fetchingPeers.has(peerId)) return known;
    fetchingPeers.add(peerId);
    try {
      const peer = await api.fetchChatPeer(peerId, { silent: offline() });
      store.set(peersAtom, (all) => ({ ...all, [peerId]: peer }));
      return peer;
    } catch {
      return undefined;
    } finally {
      fetchingPeers.delete(peerId);
    }
  }

  function markRead(peerId: number) {
    if (!isVisible()) return;
    const me = options.me() ?? 0;
    const conversation = store.get(conversationsAtom).find((c) => c.peer.id === peerId);
    const unseen = history(peerId).messages.some((m) => m.senderId === peerId && m.toId === me && !m.readAt);
    if (!unseen && !conversation?.unread) return;
    void transport.send({ action: 'read', data: { senderId: peerId } });
    const readAt = now().toISOString();
    setHistory(peerId, (h) => ({ ...h, messages: applyRead(h.messages, peerId, me, readAt) }));
    store.set(conversationsAtom, (list) => setConversationRead(list, peerId));
    if (conversation?.unread) store.set(unreadCountAtom, (n) => Math.max(0, n - conversation.unread));
  }

  async function loadConversations() {
    await ready; // the cached list first, so the server's answer is merged over it, never under
    if (store.get(conversationsStateAtom) !== 'ready') store.set(conversationsStateAtom, 'loading');
    try {
      const list = await api.fetchConversations();
      // Anything the socket delivered meanwhile is newer than the snapshot: fold it back in.
      const me = options.me() ?? 0;
      const live = store.get(conversationsAtom);
      let merged = list;
      for (const c of live) if (c.last) merged = upsertConversation(merged, c.peer, c.last, { me, countUnread: false });
      store.set(conversationsAtom, merged);
      store.set(conversationsStateAtom, 'ready');
      const at = now().getTime();
      store.set(lastSyncedAtom, at);
      cache.saveSyncedAt(at);
    } catch {
      if (store.get(conversationsStateAtom) !== 'ready') store.set(conversationsStateAtom, 'error');
    }
  }

  const { handleFrame } = createFrameHandler(options, {
    store,
    isVisible,
    setHistory,
    knownPeer,
    ensurePeer,
    markRead,
    sender,
    blocks,
  });
  const unsubscribeFrames = transport.onFrame((frame) => void handleFrame(frame));
  const unsubscribeStatus = transport.onStatus((status) => {
    if (status === 'open') {
      setConnection({ socketDown: false });
      void ready.then(resync);
    } else if (status === 'closed') {
      setConnection({ socketDown: true });
      void sender.disconnected();
    }
  });

  /** After every (re)connect: nothing sent or received while away may be missed, and the outbox goes out. */
  async function resync() {
    if (disposed) return;
    void transport.send({ action: 'unreadAll' });
    void loadConversations();
    for (const [id, h] of Object.entries(store.get(historiesAtom))) if (h.state === 'ready') void loadHistory(+id);
    await sender.connected();
  }

  async function loadHistory(peerId: number, older = false) {
    await ready;
    return older ? historySync.loadOlder(peerId) : historySync.loadNewest(peerId);
  }

  return {
    handleFrame,
    loadConversations,
    loadHistory,
    loadOlder: (peerId: number) => loadHistory(peerId, true),
    ensurePeer,
    markRead,
    resync,
    /** Opens a conversation: the cached page at once, the server's newest pages, then the read receipt. */
    async open(peerId: number) {
      store.set(activePeerAtom, peerId);
      await ready; // the cached conversation list may already know the peer
      void ensurePeer(peerId);
      await historySync.showCached(peerId);
      await historySync.loadNewest(peerId);
      if (store.get(activePeerAtom) === peerId) markRead(peerId);
    },
    close() {
      store.set(activePeerAtom, null);
    },
    /** Starts reading a conversation's cached page now (a click on it), while the route is still changing. */
    preload(peerId: number) {
      void ready.then(() => historySync.showCached(peerId));
    },
    /** Records the message durably in the outbox first, then queues it; resolves with its clientId. */
    async send(toId: number, type: OutboxRecord['type'], msg: string): Promise<string> {
      const record: OutboxRecord = {
        clientId: newId(),
        toId,
        type,
        msg,
        lang: options.lang(),
        createdAt: now().toISOString(),
        state: 'queued',
        attempts: 0,
      };
      await ready;
      await sender.enqueue(record);
      return record.clientId;
    },
    retry: (clientId: string) => sender.retry(clientId),
    cancel: (clientId: string) => sender.cancel(clientId),
    uploadImage: (file: File) => api.uploadImage(file),
    /** Sends the block frame and resolves on the server's ack (docs/product.md, Messages: then the page goes back). */
    block: (receiverId: number, block: boolean) => blocks.request(receiverId, block),
    /** Waits for queued cache writes (tests; sign-out clears the cache right after). */
    flush: () => cache.flush(),
    /** Sign-out: stop listening and forget this member's chat. */
    dispose() {
      disposed = true;
      unsubscribeFrames();
      unsubscribeStatus();
      unsubscribeOutbox();
      unsubscribeList();
      unsubscribeNetwork();
      sender.dispose();
      cache.dispose();
      blocks.dispose();
      store.set(conversationsAtom, []);
      store.set(conversationsStateAtom, 'idle');
      store.set(historiesAtom, {});
      store.set(peersAtom, {});
      store.set(outboxRecordsAtom, []);
      store.set(activePeerAtom, null);
      store.set(unreadCountAtom, 0);
      store.set(lastSyncedAtom, null);
      store.set(connectionAtom, { browserOnline: true, socketDown: false });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
