/**
 * The runner of the chat core: it feeds events into chat.reducer.ts (through the one chat state atom) and performs
 * the effects the reducer returns through lib/ (the socket, REST over lib/http, IndexedDB over lib/storage), feeding
 * their results back as events. It decides nothing itself. It owns no socket (lib/socket.ts does) and no store
 * (app/ passes the one store): tests drive it with a fake transport and a fresh store.
 */
import { t } from '@lingui/core/macro';
import type { createStore } from 'jotai';
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import * as restApi from './chat.api.ts';
import { chatEventAtom } from './chat.atoms.ts';
import { type ChatCache, createChatCache } from './chat.cache.ts';
import { type ChatEffect, type ChatInput, PAGE_SIZE, type SocketStatus } from './chat.state.ts';
import { messageSummary } from './message-summary.ts';
import type { LocalMedia, OutboxFiles, OutboxRecord, UploadEnd } from './outbox.rules.ts';

type Store = ReturnType<typeof createStore>;

const warn = (error: unknown) => console.warn('chat cache write failed', error);

/**
 * What chat needs of lib/socket.ts: sending, frames, the connection's status and the browser's online flag (a change
 * of it is a status event too).
 */
export interface ChatTransport {
  readonly status: SocketStatus;
  readonly online: boolean;
  send(frame: ClientFrame): Promise<boolean>;
  onFrame(listener: (frame: ServerFrame) => void): () => void;
  onStatus(listener: (status: SocketStatus) => void): () => void;
}

export type ChatApi = Pick<typeof restApi, 'fetchConversations' | 'fetchHistory' | 'fetchChatPeer' | 'fetchUnread'>;

export interface ChatServiceOptions {
  store: Store;
  transport: ChatTransport;
  me: () => number | null;
  lang: () => string;
  api?: ChatApi;
  /** The offline copy (IndexedDB in the app; memory in tests). */
  cache?: ChatCache;
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
  const isVisible = options.isVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => new Date());
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const blockWaiters = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  /** Uploads in progress, to cancel; files composed in this page (IndexedDB keeps them across a reload). */
  const uploads = new Map<string, AbortController>();
  const files = new Map<string, OutboxFiles>();
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  let disposed = false;

  function dispatch(input: ChatInput) {
    const effects = store.set(chatEventAtom, { ...input, at: now().getTime() });
    for (const effect of effects) perform(effect);
  }

  /** Performs async work whose result (null: it failed) comes back as an event; `whenIdle` waits for all of it. */
  function track<T>(work: Promise<T>, result: (value: T | null) => ChatInput) {
    inFlight++;
    void work
      .catch(() => null)
      .then((value) => disposed || dispatch(result(value)))
      .finally(() => {
        if (--inFlight > 0) return;
        const waiting = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiting) resolve();
      });
  }

  const whenIdle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r)));

  async function loadCache(me: number | null) {
    cache.warm();
    if (me !== null) await cache.claim(me).catch(() => {});
    const [outbox, conversations, syncedAt] = await Promise.all([
      cache.outboxRows.all().catch(() => []),
      cache.readConversations().catch(() => undefined),
      cache.readSyncedAt().catch(() => undefined),
    ]);
    return { outbox, conversations, syncedAt };
  }

  function perform(effect: ChatEffect) {
    switch (effect.type) {
      case 'send': {
        const { frame } = effect;
        return track(transport.send(frame), (ok) => ({ type: 'frameSent', frame, ok: ok === true }));
      }
      case 'loadCache':
        return track(loadCache(effect.me), (loaded) => ({ type: 'cacheLoaded', outbox: [], ...loaded }));
      case 'fetchConversations':
        return track(api.fetchConversations(), (list) => ({ type: 'conversationsFetched', list }));
      case 'fetchHistory': {
        const { peerId, purpose, before } = effect;
        return track(api.fetchHistory(peerId, before), (rows) => ({
          type: 'historyFetched',
          peerId,
          purpose,
          before,
          rows,
        }));
      }
      case 'fetchPeer': {
        const { peerId } = effect;
        return track(api.fetchChatPeer(peerId, { silent: effect.silent }), (peer) => ({
          type: 'peerFetched',
          peerId,
          peer,
        }));
      }
      case 'readCachedPage': {
        const { peerId, purpose } = effect;
        return track(cache.readPage(peerId, PAGE_SIZE, effect.before), (page) => ({
          type: 'cachedPage',
          peerId,
          purpose,
          rows: page?.rows ?? [],
          more: page?.more ?? false,
        }));
      }
      case 'saveMessages':
        return cache.saveMessages(effect.peerId, effect.messages);
      case 'saveConversations':
        return cache.saveConversations(effect.list);
      case 'saveSyncedAt':
        return cache.saveSyncedAt(effect.at);
      case 'writeOutbox': {
        // A failed write keeps the app working from memory; the record is then lost on reload, which beats blocking.
        const write = cache.outboxRows.put(effect.record).catch(warn);
        const { clientId } = effect.record;
        if (effect.confirm) track(write, () => ({ type: 'outboxWritten', clientId }));
        return;
      }
      case 'deleteOutbox':
        if (effect.files) {
          files.delete(effect.clientId);
          void cache.outboxFiles.delete(effect.clientId).catch(warn);
        }
        return void cache.outboxRows.delete(effect.clientId).catch(warn);
      case 'upload': {
        // media.upload.ts loads with the first upload. Not tracked by `whenIdle`: nothing waits for a 30 MB upload.
        const { record } = effect;
        const { clientId } = record;
        const abort = new AbortController();
        uploads.set(clientId, abort);
        const stored = files.get(clientId) ?? cache.outboxFiles.get(clientId);
        const onProgress = (percent: number) => disposed || dispatch({ type: 'uploadProgress', clientId, percent });
        return void import('./media.upload.ts')
          .then((m) => m.uploadQueued(record, stored, abort.signal, onProgress))
          // The chunk did not load (offline on a first visit): the record waits for the connection.
          .catch((): UploadEnd => ({ ok: false, outcome: abort.signal.aborted ? 'aborted' : 'retry' }))
          .then((end) => {
            uploads.delete(clientId);
            if (!disposed) dispatch({ type: 'uploadEnded', clientId, end });
          });
      }
      case 'abortUpload':
        return uploads.get(effect.clientId)?.abort();
      case 'startTimer': {
        clearTimeout(timers.get(effect.key));
        const { key, event } = effect;
        timers.set(
          key,
          setTimeout(() => {
            timers.delete(key);
            if (!disposed) dispatch(event);
          }, effect.ms),
        );
        return;
      }
      case 'cancelTimer':
        clearTimeout(timers.get(effect.key));
        return void timers.delete(effect.key);
      case 'alert':
        return options.toast?.(
          'error',
          effect.reason === 'blocked' ? t`You have been blocked` : effect.message || t`error`,
        );
      case 'notify': {
        const { message, peer } = effect;
        return options.onIncoming?.(message, peer ?? undefined, messageSummary(message.type, message.msg));
      }
      case 'userInfoStale':
        return options.onUserInfoStale?.();
      case 'settleBlock': {
        const waiter = blockWaiters.get(effect.receiverId);
        blockWaiters.delete(effect.receiverId);
        if (effect.error) waiter?.reject(new Error(effect.error));
        else waiter?.resolve();
        return;
      }
    }
  }

  const onVisibility = () => dispatch({ type: 'visibility', visible: isVisible() });
  const unsubscribe = [
    transport.onFrame((frame) => dispatch({ type: 'frame', frame })),
    transport.onStatus((status) => dispatch({ type: 'socketStatus', status, online: transport.online })),
  ];
  globalThis.document?.addEventListener('visibilitychange', onVisibility);
  dispatch({
    type: 'started',
    me: options.me(),
    visible: isVisible(),
    online: transport.online,
    socket: transport.status,
  });

  /** Dispatches a member action and resolves once everything it set going has come back. */
  const act = (input: ChatInput) => {
    dispatch(input);
    return whenIdle();
  };

  /** Records the message durably in the outbox first, then queues it; resolves with its clientId. */
  async function queue(
    fields: Pick<OutboxRecord, 'toId' | 'type' | 'msg' | 'translations' | 'media' | 'upload'>,
    clientId = newId(),
  ): Promise<string> {
    const record: OutboxRecord = {
      clientId,
      lang: options.lang(),
      createdAt: now().toISOString(),
      state: 'queued',
      attempts: 0,
      ...fields,
    };
    await act({ type: 'send', record });
    return clientId;
  }

  return {
    loadConversations: () => act({ type: 'loadConversations' }),
    loadHistory: (peerId: number) => act({ type: 'loadNewest', peerId }),
    loadOlder: (peerId: number) => act({ type: 'loadOlder', peerId }),
    /** Opens a conversation: the cached page at once, the server's newest pages, then the read receipt. */
    open: (peerId: number) => act({ type: 'open', peerId }),
    close: () => dispatch({ type: 'close' }),
    /** Starts reading a conversation's cached page now (a click on it), while the route is still changing. */
    preload: (peerId: number) => dispatch({ type: 'preload', peerId }),
    /** Records the message durably in the outbox first, then queues it; resolves with its clientId. */
    send: (
      toId: number,
      type: OutboxRecord['type'],
      msg: string,
      translations?: Record<string, string>,
      media?: OutboxRecord['media'],
    ) => queue({ toId, type, msg, translations, media }),
    /**
     * A video or voice note: its file (and a video's cover) is kept in IndexedDB beside the outbox record first, so
     * one composed offline survives a reload; it uploads when the connection allows (progress in
     * `uploadProgressAtom`), then its frame goes like text's. Resolves with its clientId once the record is durable.
     */
    async sendMedia(toId: number, upload: LocalMedia, stored: OutboxFiles): Promise<string> {
      const clientId = newId();
      files.set(clientId, stored);
      // A failed write keeps the file in this page's memory: it still goes unless the page is closed first.
      await cache.outboxFiles.put(clientId, stored).catch(warn);
      return queue({ toId, type: upload.kind === 'video' ? 8 : 9, msg: '', upload }, clientId);
    },
    /** A translation came back: it joins the message in history and in the offline copy. */
    translated: (peerId: number, msgId: number, lang: string, text: string) =>
      dispatch({ type: 'translated', peerId, msgId, lang, text }),
    retry: (clientId: string) => act({ type: 'retry', clientId }),
    cancel: (clientId: string) => act({ type: 'cancel', clientId }),
    /** Sends the block frame and resolves on the server's ack (docs/product.md, Messages: then the page goes back). */
    block(receiverId: number, block: boolean): Promise<void> {
      dispatch({ type: 'block', receiverId, block });
      return new Promise((resolve, reject) => blockWaiters.set(receiverId, { resolve, reject }));
    },
    /** Waits for queued cache writes (tests; sign-out clears the cache right after). */
    flush: () => cache.flush(),
    /** Sign-out: one event back to the initial state; stop listening and forget this member's chat. */
    dispose() {
      dispatch({ type: 'signedOut' });
      disposed = true;
      for (const stop of unsubscribe) stop();
      globalThis.document?.removeEventListener('visibilitychange', onVisibility);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      for (const waiter of blockWaiters.values()) waiter.reject(new Error('signed out'));
      for (const abort of uploads.values()) abort.abort();
      files.clear();
      blockWaiters.clear();
      cache.dispose();
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
