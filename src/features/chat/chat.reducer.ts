/**
 * The client chat core as one state machine: `reduceChat(state, event) → { state, effects }`, over the state, events
 * and effects of chat.state.ts. Pure: no I/O, no timers, no clock (every event carries its time `at`). Events are
 * socket frames, member actions, REST and IndexedDB results, connectivity changes and timer ticks; effects are data
 * that chat.service.ts (the runner) performs through lib/ (socket, http, storage) and feeds back as events.
 *
 * Three flows live here:
 * - history: the cached newest page first, then the server's newest pages walking back (at most CATCH_UP_PAGES)
 *   until they meet what was held, so nothing missed while away stays hidden; older pages from the server when
 *   online and from the cache when not;
 * - the outbox: every message is a durable record before its first send; one global FIFO with a window of one;
 *
 *     queued ──send──► sending ──ack──► (stored Message: sent, later read)
 *       ▲                │  │
 *       └─ connection ───┘  └─ refused / no ack in ACK_TIMEOUT_MS ──► failed ──Retry──► queued
 *          lost, 429                                                  failed/queued ──Cancel──► removed
 *
 *   a video or voice note composed here first uploads its file (kept in IndexedDB, so offline it simply waits):
 *
 *     queued ──send──► uploading ──uploaded──► queued (its URL in msg) ──► as above, with the same clientId
 *                        │  └─ no connection / server error ──► queued      uploading ──Cancel──► aborted, removed
 *                        └─ refused (4xx) ──► failed ──Retry──► queued
 *
 * - frames: stored messages (mine as acks, theirs as new), read receipts, block acks, the unread total, errors.
 */
import { type ClientFrame, type Message, MessageType, refreshesUserInfo, type ServerFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { BaseUser } from '#protocol/user.ts';
import {
  applyRead,
  applyReadToConversations,
  type Conversation,
  mergeMessages,
  peerOf,
  setConversationRead,
  upsertConversation,
} from './chat.rules.ts';
import {
  ACK_TIMEOUT_MS,
  BACKOFF_MS,
  BLOCK_TIMEOUT_MS,
  CATCH_UP_PAGES,
  type ChatEffect,
  type ChatEvent,
  type ChatInput,
  type ChatState,
  type ChatStep,
  historyOf,
  initialChatState,
  offlineOf,
  PAGE_SIZE,
  type PeerHistory,
  UPLOAD_RETRY_MS,
} from './chat.state.ts';
import { needsCatchUp, newestId, reconcileNewest } from './history.rules.ts';
import {
  afterUpload,
  canCancel,
  canRetry,
  compareRecords,
  needsUpload,
  nextToSend,
  type OutboxRecord,
  restored,
  type UploadEnd,
} from './outbox.rules.ts';

/** Records in flight at once: the next leaves after the previous one's ack, so the server stores them in order. */
const WINDOW = 1;

const knownPeer = (s: ChatState, peerId: number): BaseUser | undefined =>
  s.conversations.find((c) => c.peer.id === peerId)?.peer ?? s.peers[peerId];
const ackTimer = (clientId: string) => `ack:${clientId}`;
const blockTimer = (receiverId: number) => `block:${receiverId}`;

type ErrorFrame = { action?: string; code: number; message: string; data?: unknown };
const canSend = (s: ChatState) => s.socketOpen && s.connection.browserOnline && !s.paused;

/** Events that need the member's cache first (claimed, outbox and list read). */
const WAITS_FOR_CACHE = new Set<ChatInput['type']>([
  'resync',
  'loadConversations',
  'opened',
  'preload',
  'loadNewest',
  'loadOlder',
  'send',
  'retry',
  'cancel',
]);

/**
 * One event's work. The helpers below are closures over the state so far (`s`, replaced, never mutated) and the
 * effects asked for; nothing outlives the call.
 */
export function reduceChat(state: ChatState, event: ChatEvent): ChatStep {
  if (event.type === 'signedOut') {
    const effects: ChatEffect[] = state.blocks.map((receiverId) => ({
      type: 'settleBlock',
      receiverId,
      error: 'signed out',
    }));
    return { state: initialChatState, effects };
  }
  let s = state;
  const effects: ChatEffect[] = [];
  const { at } = event;
  const set = (patch: Partial<ChatState>) => {
    s = { ...s, ...patch };
  };
  const emit = (effect: ChatEffect) => {
    effects.push(effect);
  };

  if (!state.ready && WAITS_FOR_CACHE.has(event.type)) set({ deferred: [...state.deferred, event] });
  else handle(event);
  // The offline copy of the list follows every change to it.
  if (s.conversations !== state.conversations) emit({ type: 'saveConversations', list: s.conversations });
  return { state: s, effects };

  function handle(event: ChatEvent) {
    switch (event.type) {
      case 'started':
        set({
          me: event.me,
          visible: event.visible,
          socketOpen: event.socket === 'open',
          connection: { browserOnline: event.online, socketDown: event.socket === 'closed' },
        });
        emit({ type: 'loadCache', me: event.me });
        return;
      case 'cacheLoaded':
        return cacheLoaded(event);
      case 'frame':
        return onFrame(event.frame);
      case 'socketStatus': {
        const { status, online } = event;
        const wasOnline = s.connection.browserOnline;
        const socketDown = status === 'closed' || (status !== 'open' && s.connection.socketDown);
        set({ socketOpen: status === 'open', connection: { browserOnline: online, socketDown } });
        // The browser went offline or back online (the socket closes or reconnects at once, lib/socket.ts).
        if (online !== wasOnline) return online ? pump() : requeueInFlight();
        if (status === 'open') handleOrDefer({ type: 'resync', at: event.at });
        else if (status === 'closed') requeueInFlight();
        return;
      }
      case 'visibility':
        set({ visible: event.visible });
        if (event.visible && s.activePeer !== null) markRead(s.activePeer);
        return;
      case 'resync':
        // After every (re)connect: nothing sent or received while away may be missed, and the outbox goes out.
        emit({ type: 'send', frame: { action: 'unreadAll' } });
        loadConversations();
        for (const [id, h] of Object.entries(s.histories)) if (h.state === 'ready') loadNewest(+id, false);
        requeueInFlight();
        pump();
        return;
      case 'loadConversations':
        return loadConversations();
      case 'conversationsFetched':
        return conversationsFetched(event.list);
      case 'unreadFetched':
        return set({ unread: event.count });
      case 'open':
        set({ activePeer: event.peerId });
        return handleOrDefer({ type: 'opened', peerId: event.peerId, at: event.at });
      case 'opened': {
        const { peerId } = event;
        ensurePeer(peerId);
        const read = s.cacheReads[peerId];
        if (read === 'done') return loadNewest(peerId, true);
        // Not read yet: read it now; being read (a preload): the opening waits for that read.
        if (!read) emit({ type: 'readCachedPage', peerId, purpose: 'show' });
        return set({ cacheReads: { ...s.cacheReads, [peerId]: 'open' } });
      }
      case 'close':
        return set({ activePeer: null });
      case 'preload':
        return showCached(event.peerId);
      case 'loadNewest':
        return loadNewest(event.peerId, false);
      case 'loadOlder':
        return loadOlder(event.peerId);
      case 'historyFetched':
        if (event.purpose === 'newest') return newestFetched(event.peerId, event.rows);
        if (event.rows) return olderArrived(event.peerId, event.rows, event.rows.length >= PAGE_SIZE, true);
        // The server failed: the cache may hold the page.
        return emit({ type: 'readCachedPage', peerId: event.peerId, purpose: 'older', before: event.before });
      case 'cachedPage':
        if (event.purpose === 'older') return olderArrived(event.peerId, event.rows, event.more, false);
        return cachedPageShown(event.peerId, event.rows);
      case 'peerFetched':
        return peerFetched(event.peerId, event.peer);
      case 'send':
        return enqueue(event.record);
      case 'outboxWritten':
        set({ unsaved: s.unsaved.filter((id) => id !== event.clientId) });
        return pump();
      case 'frameSent':
        return frameSent(event.frame, event.ok);
      case 'retry': {
        const record = s.outbox.find((r) => r.clientId === event.clientId);
        if (!record || !canRetry(record)) return;
        updateRecord(event.clientId, { state: 'queued', error: undefined });
        return pump();
      }
      case 'cancel': {
        const record = s.outbox.find((r) => r.clientId === event.clientId);
        if (!record || !canCancel(record)) return;
        if (record.state === 'uploading') emit({ type: 'abortUpload', clientId: record.clientId });
        removeRecord(event.clientId);
        return pump();
      }
      case 'uploadProgress':
        if (s.outbox.some((r) => r.clientId === event.clientId && r.state === 'uploading'))
          set({ progress: { ...s.progress, [event.clientId]: event.percent } });
        return;
      case 'uploadEnded':
        return uploadEnded(event.clientId, event.end);
      case 'ackTimeout':
        if (s.outbox.find((r) => r.clientId === event.clientId)?.state === 'sending') fail(event.clientId, 'timeout');
        return;
      case 'backoffOver':
        set({ paused: false });
        return pump();
      case 'block':
        return requestBlock(event.receiverId, event.block);
      case 'blockTimeout':
        return settleBlock(event.receiverId, 'timeout');
      case 'translated': {
        const { msgId, lang, text } = event;
        return setHistory(event.peerId, (h) => ({
          ...h,
          messages: h.messages.map((m) =>
            m.id === msgId && m.translations?.[lang] !== text
              ? { ...m, translations: { ...m.translations, [lang]: text } }
              : m,
          ),
        }));
      }
    }
  }

  function handleOrDefer(event: ChatEvent) {
    if (s.ready) handle(event);
    else set({ deferred: [...s.deferred, event] });
  }

  function cacheLoaded(event: Extract<ChatEvent, { type: 'cacheLoaded' }>) {
    const waiting = s.deferred;
    const known = new Set(s.outbox.map((r) => r.clientId));
    const stored = event.outbox.filter((r) => !known.has(r.clientId)).map(restored);
    const lastSeq = stored.reduce((max, r) => Math.max(max, r.seq ?? 0), s.lastSeq);
    set({
      ready: true,
      deferred: [],
      outbox: stored.length ? [...s.outbox, ...stored].sort(compareRecords) : s.outbox,
      lastSeq,
      conversations:
        event.conversations?.length && s.conversations.length === 0 ? event.conversations : s.conversations,
      lastSynced: event.syncedAt && s.lastSynced === null ? event.syncedAt : s.lastSynced,
    });
    for (const deferred of waiting) handle(deferred);
  }

  // ---- frames ----

  function onFrame(frame: ServerFrame) {
    if (frame.code !== undefined && frame.code !== Code.ok) return onErrorFrame(frame as ErrorFrame);
    switch (frame.action) {
      case 'chart':
        return onMessage(frame.data as Message & { unreadAll?: number });
      case 'unreadAll':
        if (typeof frame.data === 'number') set({ unread: frame.data });
        return;
      case 'read': {
        const { readerId, readAt } = frame.data as { readerId: number; readAt: string };
        const me = s.me ?? 0;
        setHistory(readerId, (h) => ({ ...h, messages: applyRead(h.messages, me, readerId, readAt) }));
        set({ conversations: applyReadToConversations(s.conversations, me, readerId, readAt) });
        return;
      }
      case 'block':
        return settleBlock((frame.data as { receiverId: number }).receiverId);
    }
  }

  /** A stored message on the wire's `chart` action, mine (the ack of a send) or theirs (new). */
  function onMessage(data: Message & { unreadAll?: number }) {
    const { unreadAll, ...message } = data;
    if (message.senderId === s.me && message.toId === s.me) {
      // A note the server writes the member about themselves (type 7: a purchase completed, a membership started
      // or ended): it refreshes user info and is no conversation (docs/api.md, Messages).
      if (refreshesUserInfo(message.type)) emit({ type: 'userInfoStale' });
      return;
    }
    if (message.senderId === s.me) {
      absorb(message, false);
      return acked(message.clientId);
    }
    const reading = s.activePeer === message.senderId && s.visible;
    absorb(message, !reading);
    if (typeof unreadAll === 'number') set({ unread: unreadAll });
    if (reading) markRead(message.senderId);
    if (refreshesUserInfo(message.type)) emit({ type: 'userInfoStale' });
    emit({ type: 'notify', message, peer: knownPeer(s, message.senderId) ?? null });
  }

  /** A stored message, mine or theirs: history, conversation list, unread. */
  function absorb(message: Message, countUnread: boolean) {
    const me = s.me ?? 0;
    const peerId = peerOf(message, me);
    setHistory(peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, [message]) }));
    const peer = knownPeer(s, peerId);
    if (peer) {
      set({ conversations: upsertConversation(s.conversations, peer, message, { me, countUnread }) });
    } else {
      set({ orphans: [...s.orphans, { message, countUnread }] });
      ensurePeer(peerId);
    }
  }

  /** Error frames (401 never gets here: lib/socket.ts turns it into an 'unauthorized' event). */
  function onErrorFrame(frame: ErrorFrame) {
    if (frame.action === 'chart') {
      const clientId = (frame.data as { clientId?: string } | undefined)?.clientId;
      const records = s.outbox;
      const target =
        (clientId && records.find((r) => r.clientId === clientId)) || records.find((r) => r.state === 'sending');
      const blocked = frame.code === Code.forbidden;
      if (target) refused(target.clientId, frame.code, blocked ? 'blocked' : frame.message || 'error');
      if (blocked) return emit({ type: 'alert', reason: 'blocked' });
      // The frame budget ran out: the record waits and goes again; nothing for the member to do.
      if (frame.code === Code.tooMany) return;
    } else if (frame.action === 'block') {
      const [oldest] = s.blocks;
      if (oldest !== undefined) settleBlock(oldest, frame.message || 'error');
    }
    // Any other socket code is an error alert with the server's message.
    emit({ type: 'alert', reason: 'server', message: frame.message });
  }

  // ---- reading ----

  function markRead(peerId: number) {
    if (!s.visible) return;
    const me = s.me ?? 0;
    const conversation = s.conversations.find((c) => c.peer.id === peerId);
    const unseen = historyOf(s, peerId).messages.some((m) => m.senderId === peerId && m.toId === me && !m.readAt);
    if (!unseen && !conversation?.unread) return;
    emit({ type: 'send', frame: { action: 'read', data: { senderId: peerId } } });
    const readAt = new Date(at).toISOString();
    setHistory(peerId, (h) => ({ ...h, messages: applyRead(h.messages, peerId, me, readAt) }));
    set({ conversations: setConversationRead(s.conversations, peerId) });
    if (conversation?.unread) set({ unread: Math.max(0, s.unread - conversation.unread) });
  }

  // ---- conversations and peers ----

  function loadConversations() {
    if (s.listState !== 'ready') set({ listState: 'loading' });
    emit({ type: 'fetchConversations' });
  }

  function conversationsFetched(list: Conversation[] | null) {
    if (!list) {
      if (s.listState !== 'ready') set({ listState: 'error' });
      return;
    }
    // Anything the socket delivered meanwhile is newer than the snapshot: fold it back in.
    const me = s.me ?? 0;
    let merged = list;
    for (const c of s.conversations)
      if (c.last) merged = upsertConversation(merged, c.peer, c.last, { me, countUnread: false });
    set({ conversations: merged, listState: 'ready', lastSynced: at });
    emit({ type: 'saveSyncedAt', at: at });
  }

  function ensurePeer(peerId: number) {
    if (knownPeer(s, peerId) || s.fetchingPeers.includes(peerId)) return;
    set({ fetchingPeers: [...s.fetchingPeers, peerId] });
    emit({ type: 'fetchPeer', peerId, silent: offlineOf(s) });
  }

  function peerFetched(peerId: number, peer: BaseUser | null) {
    const me = s.me ?? 0;
    const mine = s.orphans.filter((o) => peerOf(o.message, me) === peerId);
    set({
      fetchingPeers: s.fetchingPeers.filter((id) => id !== peerId),
      orphans: s.orphans.filter((o) => !mine.includes(o)),
    });
    if (!peer) return;
    set({ peers: { ...s.peers, [peerId]: peer } });
    for (const { message, countUnread } of mine)
      set({ conversations: upsertConversation(s.conversations, peer, message, { me, countUnread }) });
  }

  // ---- history ----

  /** Every message that is new or changed (an object not held before) also goes to the offline copy. */
  function setHistory(peerId: number, update: (h: PeerHistory) => PeerHistory, persist = true) {
    const prev = historyOf(s, peerId);
    const next = update(prev);
    set({ histories: { ...s.histories, [peerId]: next } });
    if (!persist || next.messages === prev.messages) return;
    const had = new Set(prev.messages);
    const changed = next.messages.filter((m) => !had.has(m));
    if (changed.length) emit({ type: 'saveMessages', peerId, messages: changed });
  }

  /** One cache read per conversation; a second caller (open after a preload on click) waits for the same one. */
  function showCached(peerId: number) {
    if (s.cacheReads[peerId]) return;
    set({ cacheReads: { ...s.cacheReads, [peerId]: 'reading' } });
    emit({ type: 'readCachedPage', peerId, purpose: 'show' });
  }

  function cachedPageShown(peerId: number, rows: Message[]) {
    const opening = s.cacheReads[peerId] === 'open';
    set({ cacheReads: { ...s.cacheReads, [peerId]: 'done' } });
    // Rows from the cache are not written back.
    if (rows.length) setHistory(peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, rows) }), false);
    if (opening) loadNewest(peerId, true);
  }

  function loadNewest(peerId: number, thenRead: boolean) {
    const running = s.loads[peerId];
    if (running) {
      if (thenRead && !running.thenRead) set({ loads: { ...s.loads, [peerId]: { ...running, thenRead } } });
      return;
    }
    setHistory(peerId, (h) => ({ ...h, state: h.state === 'ready' ? 'ready' : 'loading' }), false);
    const held = newestId(historyOf(s, peerId).messages);
    set({ loads: { ...s.loads, [peerId]: { held, fetched: [], pages: 0, thenRead } } });
    emit({ type: 'fetchHistory', peerId, purpose: 'newest' });
  }

  function newestFetched(peerId: number, rows: Message[] | null) {
    const load = s.loads[peerId];
    if (!load) return;
    const { [peerId]: _, ...others } = s.loads;
    if (!rows) {
      // Offline or failing: what the cache showed stays, as a usable ('ready') view that the next resync refreshes.
      set({ loads: others });
      setHistory(
        peerId,
        (x) => ({ ...x, state: x.state === 'ready' || x.messages.length > 0 ? 'ready' : 'error', loadingOlder: false }),
        false,
      );
    } else {
      const fetched = [...rows, ...load.fetched];
      const pages = load.pages + 1;
      const behind = needsCatchUp(fetched, rows.length, PAGE_SIZE, load.held);
      if (behind && pages < CATCH_UP_PAGES) {
        set({ loads: { ...s.loads, [peerId]: { ...load, fetched, pages } } });
        return emit({ type: 'fetchHistory', peerId, purpose: 'newest', before: fetched[0]!.id });
      }
      set({ loads: others });
      const reached = !behind;
      const full = rows.length >= PAGE_SIZE;
      setHistory(peerId, (x) => {
        // A refresh that met what we hold says nothing new about older pages; a fresh view knows only its own.
        const hasMore = x.state === 'ready' && reached ? x.hasMore || !x.startKnown : full;
        return {
          messages: reconcileNewest(x.messages, fetched, reached),
          state: 'ready',
          hasMore,
          startKnown: !hasMore,
          loadingOlder: false,
        };
      });
    }
    if (load.thenRead && s.activePeer === peerId) markRead(peerId);
  }

  function loadOlder(peerId: number) {
    const h = historyOf(s, peerId);
    if (h.loadingOlder || !h.hasMore || h.messages.length === 0) return;
    const before = h.messages[0]!.id;
    setHistory(peerId, (x) => ({ ...x, loadingOlder: true }), false);
    // Offline, the cache; online, the server (and the cache if that fails).
    emit({ type: offlineOf(s) ? 'readCachedPage' : 'fetchHistory', peerId, purpose: 'older', before });
  }

  function olderArrived(peerId: number, rows: Message[], more: boolean, fromServer: boolean) {
    setHistory(
      peerId,
      (x) => ({
        ...x,
        messages: mergeMessages(x.messages, rows),
        hasMore: more,
        startKnown: fromServer && !more,
        loadingOlder: false,
      }),
      fromServer,
    );
  }

  // ---- the outbox ----

  /** Records the message durably first (`outboxWritten` answers), then it joins the queue. */
  function enqueue(record: OutboxRecord) {
    const lastSeq = Math.max(at, s.lastSeq + 1);
    const next: OutboxRecord = { ...record, state: 'queued', seq: record.seq ?? lastSeq };
    set({
      lastSeq,
      outbox: [...s.outbox.filter((r) => r.clientId !== record.clientId), next].sort(compareRecords),
      unsaved: [...s.unsaved, record.clientId],
    });
    emit({ type: 'writeOutbox', record: next, confirm: true });
  }

  function updateRecord(clientId: string, patch: Partial<Omit<OutboxRecord, 'clientId'>>) {
    const index = s.outbox.findIndex((r) => r.clientId === clientId);
    if (index < 0) return;
    const next = { ...s.outbox[index]!, ...patch };
    const outbox = [...s.outbox];
    outbox[index] = next;
    set({ outbox });
    emit({ type: 'writeOutbox', record: next });
  }

  function removeRecord(clientId: string) {
    const record = s.outbox.find((r) => r.clientId === clientId);
    const { [clientId]: _, ...progress } = s.progress;
    set({ outbox: s.outbox.filter((r) => r.clientId !== clientId), progress });
    const files = record?.type === MessageType.video || record?.type === MessageType.voice;
    emit(files ? { type: 'deleteOutbox', clientId, files } : { type: 'deleteOutbox', clientId });
  }

  /** Sends what may go now, oldest first, at most WINDOW in flight. */
  function pump() {
    if (!s.ready || !canSend(s)) return;
    for (const record of nextToSend(s.outbox, WINDOW)) {
      const { clientId, toId, type, msg, lang, attempts, translations, media } = record;
      // Not durable yet: it waits, and so does everything after it, so the order holds.
      if (s.unsaved.includes(clientId)) return;
      if (needsUpload(record)) {
        updateRecord(clientId, { state: 'uploading', error: undefined, problem: undefined });
        set({ progress: { ...s.progress, [clientId]: 0 } });
        emit({ type: 'upload', record });
        continue;
      }
      updateRecord(clientId, { state: 'sending', error: undefined, attempts: attempts + 1 });
      // Absent fields stay undefined: JSON leaves them out of the frame.
      const data = { toId, type, msg, lang, clientId, translations, media };
      emit({ type: 'send', frame: { action: 'chart', data } });
    }
  }

  function frameSent(frame: ClientFrame, ok: boolean) {
    if (frame.action === 'block' && !ok) return settleBlock(frame.data.receiverId, 'offline');
    if (frame.action !== 'chart') return;
    const { clientId } = frame.data;
    if (s.outbox.find((r) => r.clientId === clientId)?.state !== 'sending') return;
    // Not sent is not failed: offline messages wait in the queue for the connection.
    if (!ok) return updateRecord(clientId, { state: 'queued' });
    emit({
      type: 'startTimer',
      key: ackTimer(clientId),
      ms: ACK_TIMEOUT_MS,
      event: { type: 'ackTimeout', clientId },
    });
  }

  /** A file went up (its frame goes next, through pump), or did not: it waits, fails, or was cancelled. */
  function uploadEnded(clientId: string, end: UploadEnd) {
    const record = s.outbox.find((r) => r.clientId === clientId);
    const patch = record && afterUpload(record, end);
    if (!patch) return;
    const { [clientId]: _, ...progress } = s.progress;
    set({ progress });
    updateRecord(clientId, patch);
    // A failed connection or server: try again later (a reconnect's resync also does), not in a tight loop.
    if (!end.ok && end.outcome === 'retry')
      return emit({ type: 'startTimer', key: 'backoff', ms: UPLOAD_RETRY_MS, event: { type: 'backoffOver' } });
    pump();
  }

  /** The server stored it (or had stored it: a repeated clientId is acked with the first Message). */
  function acked(clientId: string) {
    emit({ type: 'cancelTimer', key: ackTimer(clientId) });
    if (s.outbox.some((r) => r.clientId === clientId)) removeRecord(clientId);
    pump();
  }

  function fail(clientId: string, error: string) {
    emit({ type: 'cancelTimer', key: ackTimer(clientId) });
    updateRecord(clientId, { state: 'failed', error });
    pump();
  }

  /** An error frame for this record. 429 is the server's frame budget: wait and re-send, not a failure. */
  function refused(clientId: string, code: number, reason: string) {
    if (code !== Code.tooMany) return fail(clientId, reason);
    emit({ type: 'cancelTimer', key: ackTimer(clientId) });
    updateRecord(clientId, { state: 'queued' });
    set({ paused: true });
    emit({ type: 'startTimer', key: 'backoff', ms: BACKOFF_MS, event: { type: 'backoffOver' } });
  }

  /**
   * The connection dropped (or came back) while these were in flight: we cannot know whether the server stored them,
   * so they go back to the queue and are re-sent with the SAME clientId; the server acks a repeat with the first
   * stored Message, so each is stored exactly once.
   */
  function requeueInFlight() {
    for (const r of s.outbox) {
      if (r.state !== 'sending') continue;
      emit({ type: 'cancelTimer', key: ackTimer(r.clientId) });
      updateRecord(r.clientId, { state: 'queued' });
    }
  }

  // ---- block and unblock: each request is settled by the server's ack, an error frame, or no answer in time ----

  function requestBlock(receiverId: number, block: boolean) {
    settleBlock(receiverId, 'superseded');
    set({ blocks: [...s.blocks, receiverId] });
    emit({ type: 'send', frame: { action: 'block', data: { receiverId, block } } });
    emit({
      type: 'startTimer',
      key: blockTimer(receiverId),
      ms: BLOCK_TIMEOUT_MS,
      event: { type: 'blockTimeout', receiverId },
    });
  }

  function settleBlock(receiverId: number, error?: string) {
    if (!s.blocks.includes(receiverId)) return;
    set({ blocks: s.blocks.filter((id) => id !== receiverId) });
    emit({ type: 'cancelTimer', key: blockTimer(receiverId) });
    emit({ type: 'settleBlock', receiverId, error });
  }
}
