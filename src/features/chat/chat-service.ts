/**
 * Turns socket frames into chat state and member actions into frames. It owns no socket (lib/socket.ts does) and no
 * store (app/ passes the one store): tests drive it with a fake transport and a fresh store.
 */
import { t } from '@lingui/core/macro';
import type { createStore } from 'jotai';
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { BaseUser } from '#protocol/user.ts';
import * as restApi from './api.ts';
import {
  activePeerAtom,
  conversationsAtom,
  conversationsStateAtom,
  emptyHistory,
  historiesAtom,
  outboxRecordsAtom,
  type PeerHistory,
  peersAtom,
  unreadCountAtom,
} from './chat.atoms.ts';
import {
  applyRead,
  applyReadToConversations,
  MessageType,
  mergeMessages,
  peerOf,
  previewKind,
  refreshesUserInfo,
  setConversationRead,
  upsertConversation,
} from './chat.rules.ts';
import { createMemoryOutbox, type Outbox, type OutboxRecord } from './outbox.ts';

type Store = ReturnType<typeof createStore>;

/** No ack this long after a send: the bubble turns 'failed' and offers a retry (same clientId, no duplicate). */
export const ACK_TIMEOUT_MS = 15_000;
export const BLOCK_TIMEOUT_MS = 10_000;

export interface ChatTransport {
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
  isVisible?: () => boolean;
  toast?: (kind: 'error' | 'warning' | 'success', message: string) => void;
  /** Types 3-7 arrived: balances or membership changed (spec 4). */
  onUserInfoStale?: () => void;
  /** A message from someone else arrived; app/ decides whether to notify (page hidden). */
  onIncoming?: (message: Message, peer: BaseUser | undefined, body: string) => void;
  newId?: () => string;
  now?: () => Date;
}

/** The text a notification or preview shows for a message. */
export function messageSummary(type: number, msg: string): string {
  switch (previewKind(type)) {
    case 'photo':
      return t`Photo`;
    case 'gift':
      return type === MessageType.characterGift
        ? t`Characters gift`
        : type === MessageType.goldGift
          ? t`Gold coins gift`
          : type === MessageType.vipGift
            ? t`VIP membership gift`
            : t`Senior membership gift`;
    case 'balance':
      return t`Balance updated`;
    default:
      return msg;
  }
}

export function createChatService(options: ChatServiceOptions) {
  const { store, transport } = options;
  const api = options.api ?? restApi;
  const outbox = options.outbox ?? createMemoryOutbox();
  const isVisible = options.isVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());
  const ackTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const blocks = new Map<number, { resolve: () => void; reject: (e: Error) => void; timer: unknown }>();
  const fetchingPeers = new Set<number>();

  const history = (peerId: number): PeerHistory => store.get(historiesAtom)[peerId] ?? emptyHistory;
  const setHistory = (peerId: number, update: (h: PeerHistory) => PeerHistory) =>
    store.set(historiesAtom, (all) => ({ ...all, [peerId]: update(all[peerId] ?? emptyHistory) }));
  const knownPeer = (peerId: number): BaseUser | undefined =>
    store.get(conversationsAtom).find((c) => c.peer.id === peerId)?.peer ?? store.get(peersAtom)[peerId];

  const unsubscribeOutbox = outbox.subscribe((records) => store.set(outboxRecordsAtom, records));

  async function ensurePeer(peerId: number): Promise<BaseUser | undefined> {
    const known = knownPeer(peerId);
    if (known || fetchingPeers.has(peerId)) return known;
    fetchingPeers.add(peerId);
    try {
      const peer = await api.fetchChatPeer(peerId);
      store.set(peersAtom, (all) => ({ ...all, [peerId]: peer }));
      return peer;
    } catch {
      return undefined;
    } finally {
      fetchingPeers.delete(peerId);
    }
  }

  /** A stored message, mine (ack) or theirs: history, conversation list, unread. */
  function absorb(message: Message, countUnread: boolean) {
    const me = options.me() ?? 0;
    const peerId = peerOf(message, me);
    setHistory(peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, [message]) }));
    const put = (peer: BaseUser) =>
      store.set(conversationsAtom, (list) => upsertConversation(list, peer, message, { me, countUnread }));
    const peer = knownPeer(peerId);
    if (peer) put(peer);
    else void ensurePeer(peerId).then((p) => p && put(p));
  }

  function onChart(data: Message & { unreadAll?: number }) {
    const { unreadAll, ...message } = data;
    const me = options.me();
    if (message.senderId === me) {
      const timer = ackTimers.get(message.clientId);
      if (timer) clearTimeout(timer);
      ackTimers.delete(message.clientId);
      absorb(message, false);
      void outbox.markAcked(message.clientId);
      return;
    }
    const reading = store.get(activePeerAtom) === message.senderId && isVisible();
    absorb(message, !reading);
    if (typeof unreadAll === 'number') store.set(unreadCountAtom, unreadAll);
    if (reading) markRead(message.senderId);
    if (refreshesUserInfo(message.type)) options.onUserInfoStale?.();
    options.onIncoming?.(message, knownPeer(message.senderId), messageSummary(message.type, message.msg));
  }

  /** Error frames (401 never gets here: lib/socket.ts turns it into an 'unauthorized' event). */
  function onError(frame: { action?: string; code: number; message: string; data?: unknown }): boolean {
    if (frame.action === 'chart') {
      const clientId = (frame.data as { clientId?: string } | undefined)?.clientId;
      const target =
        (clientId && store.get(outboxRecordsAtom).find((r) => r.clientId === clientId)) ||
        store.get(outboxRecordsAtom).find((r) => r.state === 'sending');
      const blocked = frame.code === Code.forbidden;
      if (target) fail(target.clientId, blocked ? 'blocked' : frame.message || 'error');
      if (blocked) {
        options.toast?.('error', t`You have been blocked`);
        return true;
      }
    } else if (frame.action === 'block') {
      const [first] = blocks.entries();
      if (first) settleBlock(first[0], new Error(frame.message));
    }
    // Spec 8: any other socket code is an error alert with the server's message.
    options.toast?.('error', frame.message || t`error`);
    return true;
  }

  function handleFrame(frame: ServerFrame): boolean {
    if (frame.code !== undefined && frame.code !== Code.ok) return onError(frame as Parameters<typeof onError>[0]);
    switch (frame.action) {
      case 'chart':
        onChart(frame.data as Message & { unreadAll?: number });
        break;
      case 'unreadAll':
        if (typeof frame.data === 'number') store.set(unreadCountAtom, frame.data);
        break;
      case 'read': {
        const { readerId, readAt } = frame.data as { readerId: number; readAt: string };
        const me = options.me() ?? 0;
        setHistory(readerId, (h) => ({ ...h, messages: applyRead(h.messages, me, readerId, readAt) }));
        store.set(conversationsAtom, (list) => applyReadToConversations(list, me, readerId, readAt));
        break;
      }
      case 'block': {
        const { receiverId } = frame.data as { receiverId: number };
        settleBlock(receiverId);
        break;
      }
    }
    return false;
  }

  function settleBlock(receiverId: number, error?: Error) {
    const waiting = blocks.get(receiverId);
    if (!waiting) return;
    clearTimeout(waiting.timer as ReturnType<typeof setTimeout>);
    blocks.delete(receiverId);
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  function fail(clientId: string, error: string) {
    const timer = ackTimers.get(clientId);
    if (timer) clearTimeout(timer);
    ackTimers.delete(clientId);
    void outbox.markFailed(clientId, error);
  }

  async function deliver(record: OutboxRecord) {
    await outbox.update(record.clientId, { state: 'sending', error: undefined, attempts: record.attempts + 1 });
    const { clientId, toId, type, msg, lang } = record;
    const sent = await transport.send({ action: 'chart', data: { toId, type, msg, lang, clientId } });
    if (!sent) return fail(clientId, 'offline');
    ackTimers.set(
      clientId,
      setTimeout(() => fail(clientId, 'timeout'), ACK_TIMEOUT_MS),
    );
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
    } catch {
      if (store.get(conversationsStateAtom) !== 'ready') store.set(conversationsStateAtom, 'error');
    }
  }

  async function loadHistory(peerId: number, older = false) {
    const h = history(peerId);
    if (older && (h.loadingOlder || !h.hasMore || h.messages.length === 0)) return;
    const before = older ? h.messages[0]?.id : undefined;
    setHistory(peerId, (x) =>
      older ? { ...x, loadingOlder: true } : { ...x, state: x.state === 'ready' ? 'ready' : 'loading' },
    );
    try {
      const page = await api.fetchHistory(peerId, before);
      setHistory(peerId, (x) => ({
        messages: mergeMessages(x.messages, page),
        state: 'ready',
        // A refresh of the newest page says nothing about older pages once they were loaded.
        hasMore: older || x.state !== 'ready' ? page.length >= restApi.HISTORY_PAGE_SIZE : x.hasMore,
        loadingOlder: false,
      }));
    } catch {
      setHistory(peerId, (x) => ({ ...x, state: x.state === 'ready' ? 'ready' : 'error', loadingOlder: false }));
    }
  }

  const unsubscribeFrames = transport.onFrame((frame) => void handleFrame(frame));
  const unsubscribeStatus = transport.onStatus((status) => {
    if (status === 'open') void resync();
  });

  /** After every (re)connect: nothing sent or received while away may be missed. */
  async function resync() {
    void transport.send({ action: 'unreadAll' });
    void loadConversations();
    for (const [id, h] of Object.entries(store.get(historiesAtom))) if (h.state === 'ready') void loadHistory(+id);
    for (const r of await outbox.list()) if (r.state === 'queued' || r.state === 'sending') void deliver(r);
  }

  return {
    handleFrame,
    loadConversations,
    loadHistory,
    loadOlder: (peerId: number) => loadHistory(peerId, true),
    ensurePeer,
    markRead,
    resync,
    /** Opens a conversation: the peer, the newest page, and the read receipt. */
    async open(peerId: number) {
      store.set(activePeerAtom, peerId);
      void ensurePeer(peerId);
      await loadHistory(peerId);
      if (store.get(activePeerAtom) === peerId) markRead(peerId);
    },
    close() {
      store.set(activePeerAtom, null);
    },
    /** Records the message in the outbox first, then sends; resolves with its clientId. */
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
      await outbox.put(record);
      await deliver(record);
      return record.clientId;
    },
    async retry(clientId: string) {
      const record = await outbox.get(clientId);
      if (record) await deliver(record);
    },
    uploadImage: (file: File) => api.uploadImage(file),
    /** Sends the block frame and resolves on the server's ack (spec 4: then the page goes back). */
    block(receiverId: number, block: boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        settleBlock(receiverId, new Error('superseded'));
        const timer = setTimeout(() => settleBlock(receiverId, new Error('timeout')), BLOCK_TIMEOUT_MS);
        blocks.set(receiverId, { resolve, reject, timer });
        void transport.send({ action: 'block', data: { receiverId, block } }).then((sent) => {
          if (!sent) settleBlock(receiverId, new Error('offline'));
        });
      });
    },
    /** Sign-out: stop listening and forget this member's chat. */
    dispose() {
      unsubscribeFrames();
      unsubscribeStatus();
      unsubscribeOutbox();
      for (const timer of ackTimers.values()) clearTimeout(timer);
      for (const id of [...blocks.keys()]) settleBlock(id, new Error('signed out'));
      store.set(conversationsAtom, []);
      store.set(conversationsStateAtom, 'idle');
      store.set(historiesAtom, {});
      store.set(peersAtom, {});
      store.set(outboxRecordsAtom, []);
      store.set(activePeerAtom, null);
      store.set(unreadCountAtom, 0);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
