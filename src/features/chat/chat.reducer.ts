/**
 * The client chat core as one state machine: `reduceChat(state, event) → { state, effects }`. Pure: no I/O, no
 * timers, no clock (every event carries its time `at`). Events are socket frames, member actions, REST and
 * IndexedDB results, connectivity changes and timer ticks; effects are data that chat.service.ts (the runner)
 * performs through lib/ (socket, http, storage) and feeds back as events.
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
 * - frames: stored messages (mine as acks, theirs as new), read receipts, block acks, the unread total, errors.
 */
import { type ClientFrame, type Message, refreshesUserInfo, type ServerFrame } from '#protocol/chat.ts';
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
import { needsCatchUp, newestId, reconcileNewest } from './history.rules.ts';
import { canCancel, canRetry, compareRecords, nextToSend, type OutboxRecord } from './outbox.rules.ts';

/** Messages per history page (REST `size` and a cached page alike). */
export const PAGE_SIZE = 30;
/** At most this many pages are fetched to close the gap after a long absence; beyond it the view restarts. */
export const CATCH_UP_PAGES = 10;
/** No ack this long after a send on an open connection: the bubble turns 'failed' and offers Retry. */
export const ACK_TIMEOUT_MS = 15_000;
/** The server's frame budget ran out (429): wait this long, then carry on with the same record. */
export const BACKOFF_MS = 1_000;
/** A block or unblock not acked in this time fails. */
export const BLOCK_TIMEOUT_MS = 10_000;
/** Records in flight at once: the next leaves after the previous one's ack, so the server stores them in order. */
const WINDOW = 1;

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface PeerHistory {
  messages: Message[];
  state: LoadState;
  /** False once a page came back shorter than asked: the start of the conversation is loaded. */
  hasMore: boolean;
  /** The server said the start is loaded (hasMore false only because the cache ran out does not count). */
  startKnown?: boolean;
  loadingOlder: boolean;
}
export const emptyHistory: PeerHistory = { messages: [], state: 'idle', hasMore: true, loadingOlder: false };

/** A refresh of a conversation's newest pages in progress. */
interface NewestLoad {
  /** The newest id held when it started: the walk back stops on meeting it. */
  held: number | undefined;
  /** Pages fetched so far, oldest first. */
  fetched: Message[];
  pages: number;
  /** Opened by the member: mark read when done if still on screen. */
  thenRead: boolean;
}

export interface ChatState {
  me: number | null;
  /** The member's cache was claimed and the outbox and cached list read: nothing is sent or shown before. */
  ready: boolean;
  /** Events that wait for `ready`, in arrival order. */
  deferred: ChatEvent[];
  visible: boolean;
  conversations: Conversation[];
  listState: LoadState;
  /** When the conversation list last came from the server (ms), for 'Offline, last synced …'. */
  lastSynced: number | null;
  /** Unread total for the header badge. */
  unread: number;
  histories: Record<number, PeerHistory>;
  /** Members met outside the conversation list (`/chat?userId=N` for someone never written to). */
  peers: Record<number, BaseUser>;
  fetchingPeers: number[];
  /** Messages whose peer is being fetched: they join the list when the peer arrives. */
  orphans: { message: Message; countUnread: boolean }[];
  /** The conversation on screen: messages from this peer are read at once while the page is visible. */
  activePeer: number | null;
  /** The cached page of a conversation is read once per session. */
  cacheReads: Record<number, 'reading' | 'done'>;
  /** A newest-pages refresh that waits for the cached page (so the server can never overtake it). */
  afterCache: Record<number, boolean>;
  loads: Record<number, NewestLoad>;
  /** The outbox, in send order. */
  outbox: OutboxRecord[];
  /** Records whose first write is not durable yet: they are not sent before. */
  unsaved: string[];
  lastSeq: number;
  /** Offline when either says so; the socket's first 'connecting' is not offline. */
  connection: { browserOnline: boolean; socketDown: boolean };
  socketOpen: boolean;
  /** After a 429, sending waits BACKOFF_MS. */
  paused: boolean;
  /** Block requests waiting for their ack, oldest first. */
  blocks: number[];
}

export const initialChatState: ChatState = {
  me: null,
  ready: false,
  deferred: [],
  visible: true,
  conversations: [],
  listState: 'idle',
  lastSynced: null,
  unread: 0,
  histories: {},
  peers: {},
  fetchingPeers: [],
  orphans: [],
  activePeer: null,
  cacheReads: {},
  afterCache: {},
  loads: {},
  outbox: [],
  unsaved: [],
  lastSeq: 0,
  connection: { browserOnline: true, socketDown: false },
  socketOpen: false,
  paused: false,
  blocks: [],
};

type Timed =
  | { type: 'ackTimeout'; clientId: string }
  | { type: 'backoffOver' }
  | { type: 'blockTimeout'; receiverId: number };

export type ChatInput =
  // session
  | { type: 'started'; me: number | null; visible: boolean; online: boolean; socket: SocketStatus }
  | { type: 'cacheLoaded'; outbox: OutboxRecord[]; conversations?: Conversation[]; syncedAt?: number }
  | { type: 'signedOut' }
  // connectivity and the page
  | { type: 'frame'; frame: ServerFrame }
  | { type: 'socketStatus'; status: SocketStatus }
  | { type: 'network'; online: boolean }
  | { type: 'visibility'; visible: boolean }
  | { type: 'resync' }
  // member actions
  | { type: 'loadConversations' }
  | { type: 'open'; peerId: number }
  | { type: 'opened'; peerId: number }
  | { type: 'close' }
  | { type: 'preload'; peerId: number }
  | { type: 'loadNewest'; peerId: number }
  | { type: 'loadOlder'; peerId: number }
  | { type: 'send'; record: OutboxRecord }
  | { type: 'retry'; clientId: string }
  | { type: 'cancel'; clientId: string }
  | { type: 'block'; receiverId: number; block: boolean }
  // REST and IndexedDB results (null: the request failed)
  | { type: 'conversationsFetched'; list: Conversation[] | null }
  | { type: 'unreadFetched'; count: number }
  | { type: 'historyFetched'; peerId: number; purpose: 'newest' | 'older'; before?: number; rows: Message[] | null }
  | { type: 'cachedPage'; peerId: number; purpose: 'show' | 'older'; rows: Message[]; more: boolean }
  | { type: 'peerFetched'; peerId: number; peer: BaseUser | null }
  | { type: 'outboxWritten'; clientId: string }
  | { type: 'frameSent'; frame: ClientFrame; ok: boolean }
  // timer ticks
  | Timed;

/** Every event carries the time it happened (ms); the reducer never reads a clock. */
export type ChatEvent = ChatInput & { at: number };

export type ChatEffect =
  | { type: 'send'; frame: ClientFrame }
  | { type: 'loadCache'; me: number | null }
  | { type: 'fetchConversations' }
  | { type: 'fetchHistory'; peerId: number; purpose: 'newest' | 'older'; before?: number }
  | { type: 'fetchPeer'; peerId: number; silent: boolean }
  | { type: 'readCachedPage'; peerId: number; purpose: 'show' | 'older'; before?: number }
  | { type: 'saveMessages'; peerId: number; messages: Message[] }
  | { type: 'saveConversations'; list: Conversation[] }
  | { type: 'saveSyncedAt'; at: number }
  /** `confirm`: answer with `outboxWritten` once durable. */
  | { type: 'writeOutbox'; record: OutboxRecord; confirm?: boolean }
  | { type: 'deleteOutbox'; clientId: string }
  | { type: 'startTimer'; key: string; ms: number; event: Timed }
  | { type: 'cancelTimer'; key: string }
  | { type: 'alert'; reason: 'blocked' }
  | { type: 'alert'; reason: 'server'; message: string }
  | { type: 'notify'; message: Message; peer: BaseUser | null }
  | { type: 'userInfoStale' }
  | { type: 'settleBlock'; receiverId: number; error?: string };

export interface ChatStep {
  state: ChatState;
  effects: ChatEffect[];
}

/** One event's work: the state so far and the effects asked for, built up by the handlers below. */
class Step {
  effects: ChatEffect[] = [];
  state: ChatState;
  readonly at: number;
  constructor(state: ChatState, at: number) {
    this.state = state;
    this.at = at;
  }
  set(patch: Partial<ChatState>) {
    this.state = { ...this.state, ...patch };
  }
  emit(effect: ChatEffect) {
    this.effects.push(effect);
  }
}

export const offlineOf = (s: Pick<ChatState, 'connection'>) => !s.connection.browserOnline || s.connection.socketDown;
export const historyOf = (s: Pick<ChatState, 'histories'>, peerId: number) => s.histories[peerId] ?? emptyHistory;
const knownPeer = (s: ChatState, peerId: number): BaseUser | undefined =>
  s.conversations.find((c) => c.peer.id === peerId)?.peer ?? s.peers[peerId];
const ackTimer = (clientId: string) => `ack:${clientId}`;
const blockTimer = (receiverId: number) => `block:${receiverId}`;

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

export function reduceChat(state: ChatState, event: ChatEvent): ChatStep {
  if (event.type === 'signedOut') {
    const effects: ChatEffect[] = state.blocks.map((receiverId) => ({
      type: 'settleBlock',
      receiverId,
      error: 'signed out',
    }));
    return { state: initialChatState, effects };
  }
  const step = new Step(state, event.at);
  if (!state.ready && WAITS_FOR_CACHE.has(event.type)) step.set({ deferred: [...state.deferred, event] });
  else handle(step, event);
  // The offline copy of the list follows every change to it.
  if (step.state.conversations !== state.conversations)
    step.emit({ type: 'saveConversations', list: step.state.conversations });
  return { state: step.state, effects: step.effects };
}

function handle(step: Step, event: ChatEvent) {
  const s = step.state;
  switch (event.type) {
    case 'started':
      step.set({
        me: event.me,
        visible: event.visible,
        socketOpen: event.socket === 'open',
        connection: { browserOnline: event.online, socketDown: event.socket === 'closed' },
      });
      step.emit({ type: 'loadCache', me: event.me });
      return;
    case 'cacheLoaded':
      return cacheLoaded(step, event);
    case 'frame':
      return onFrame(step, event.frame);
    case 'socketStatus':
      step.set({ socketOpen: event.status === 'open' });
      if (event.status === 'open') {
        step.set({ connection: { ...s.connection, socketDown: false } });
        handle(step, { type: 'resync', at: event.at });
      } else if (event.status === 'closed') {
        step.set({ connection: { ...s.connection, socketDown: true } });
        requeueInFlight(step);
      }
      return;
    case 'network':
      step.set({ connection: { ...s.connection, browserOnline: event.online } });
      if (event.online) pump(step);
      else requeueInFlight(step);
      return;
    case 'visibility':
      step.set({ visible: event.visible });
      if (event.visible && s.activePeer !== null) markRead(step, s.activePeer);
      return;
    case 'resync':
      if (!s.ready) return void step.set({ deferred: [...s.deferred, event] });
      // After every (re)connect: nothing sent or received while away may be missed, and the outbox goes out.
      step.emit({ type: 'send', frame: { action: 'unreadAll' } });
      loadConversations(step);
      for (const [id, h] of Object.entries(step.state.histories)) if (h.state === 'ready') loadNewest(step, +id, false);
      requeueInFlight(step);
      pump(step);
      return;
    case 'loadConversations':
      return loadConversations(step);
    case 'conversationsFetched':
      return conversationsFetched(step, event.list);
    case 'unreadFetched':
      return step.set({ unread: event.count });
    case 'open':
      step.set({ activePeer: event.peerId });
      return handleOrDefer(step, { type: 'opened', peerId: event.peerId, at: event.at });
    case 'opened':
      ensurePeer(step, event.peerId);
      if (s.cacheReads[event.peerId] === 'done') loadNewest(step, event.peerId, true);
      else {
        step.set({ afterCache: { ...s.afterCache, [event.peerId]: true } });
        showCached(step, event.peerId);
      }
      return;
    case 'close':
      return step.set({ activePeer: null });
    case 'preload':
      return showCached(step, event.peerId);
    case 'loadNewest':
      return loadNewest(step, event.peerId, false);
    case 'loadOlder':
      return loadOlder(step, event.peerId);
    case 'historyFetched':
      if (event.purpose === 'newest') return newestFetched(step, event.peerId, event.rows);
      if (event.rows) return olderArrived(step, event.peerId, event.rows, event.rows.length >= PAGE_SIZE, true);
      // The server failed: the cache may hold the page.
      return step.emit({ type: 'readCachedPage', peerId: event.peerId, purpose: 'older', before: event.before });
    case 'cachedPage':
      if (event.purpose === 'older') return olderArrived(step, event.peerId, event.rows, event.more, false);
      return cachedPageShown(step, event.peerId, event.rows);
    case 'peerFetched':
      return peerFetched(step, event.peerId, event.peer);
    case 'send':
      return enqueue(step, event.record);
    case 'outboxWritten':
      step.set({ unsaved: s.unsaved.filter((id) => id !== event.clientId) });
      return pump(step);
    case 'frameSent':
      return frameSent(step, event.frame, event.ok);
    case 'retry': {
      const record = s.outbox.find((r) => r.clientId === event.clientId);
      if (!record || !canRetry(record)) return;
      updateRecord(step, event.clientId, { state: 'queued', error: undefined });
      return pump(step);
    }
    case 'cancel': {
      const record = s.outbox.find((r) => r.clientId === event.clientId);
      if (record && canCancel(record)) removeRecord(step, event.clientId);
      return;
    }
    case 'ackTimeout':
      if (s.outbox.find((r) => r.clientId === event.clientId)?.state === 'sending')
        fail(step, event.clientId, 'timeout');
      return;
    case 'backoffOver':
      step.set({ paused: false });
      return pump(step);
    case 'block':
      return requestBlock(step, event.receiverId, event.block);
    case 'blockTimeout':
      return settleBlock(step, event.receiverId, 'timeout');
  }
}

function handleOrDefer(step: Step, event: ChatEvent) {
  if (step.state.ready) handle(step, event);
  else step.set({ deferred: [...step.state.deferred, event] });
}

function cacheLoaded(step: Step, event: Extract<ChatEvent, { type: 'cacheLoaded' }>) {
  const s = step.state;
  const known = new Set(s.outbox.map((r) => r.clientId));
  const stored = event.outbox.filter((r) => !known.has(r.clientId));
  const lastSeq = stored.reduce((max, r) => Math.max(max, r.seq ?? 0), s.lastSeq);
  step.set({
    ready: true,
    deferred: [],
    outbox: stored.length ? [...s.outbox, ...stored].sort(compareRecords) : s.outbox,
    lastSeq,
    conversations: event.conversations?.length && s.conversations.length === 0 ? event.conversations : s.conversations,
    lastSynced: event.syncedAt && s.lastSynced === null ? event.syncedAt : s.lastSynced,
  });
  for (const waiting of s.deferred) handle(step, waiting);
}

// ---- frames ----

function onFrame(step: Step, frame: ServerFrame) {
  if (frame.code !== undefined && frame.code !== Code.ok) return onErrorFrame(step, frame as ErrorFrame);
  switch (frame.action) {
    case 'chart':
      return onMessage(step, frame.data as Message & { unreadAll?: number });
    case 'unreadAll':
      if (typeof frame.data === 'number') step.set({ unread: frame.data });
      return;
    case 'read': {
      const { readerId, readAt } = frame.data as { readerId: number; readAt: string };
      const me = step.state.me ?? 0;
      setHistory(step, readerId, (h) => ({ ...h, messages: applyRead(h.messages, me, readerId, readAt) }));
      step.set({ conversations: applyReadToConversations(step.state.conversations, me, readerId, readAt) });
      return;
    }
    case 'block':
      return settleBlock(step, (frame.data as { receiverId: number }).receiverId);
  }
}

/** A stored message on the wire's `chart` action, mine (the ack of a send) or theirs (new). */
function onMessage(step: Step, data: Message & { unreadAll?: number }) {
  const { unreadAll, ...message } = data;
  if (message.senderId === step.state.me) {
    absorb(step, message, false);
    return acked(step, message.clientId);
  }
  const reading = step.state.activePeer === message.senderId && step.state.visible;
  absorb(step, message, !reading);
  if (typeof unreadAll === 'number') step.set({ unread: unreadAll });
  if (reading) markRead(step, message.senderId);
  if (refreshesUserInfo(message.type)) step.emit({ type: 'userInfoStale' });
  step.emit({ type: 'notify', message, peer: knownPeer(step.state, message.senderId) ?? null });
}

/** A stored message, mine or theirs: history, conversation list, unread. */
function absorb(step: Step, message: Message, countUnread: boolean) {
  const me = step.state.me ?? 0;
  const peerId = peerOf(message, me);
  setHistory(step, peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, [message]) }));
  const peer = knownPeer(step.state, peerId);
  if (peer) {
    step.set({ conversations: upsertConversation(step.state.conversations, peer, message, { me, countUnread }) });
  } else {
    step.set({ orphans: [...step.state.orphans, { message, countUnread }] });
    ensurePeer(step, peerId);
  }
}

type ErrorFrame = { action?: string; code: number; message: string; data?: unknown };

/** Error frames (401 never gets here: lib/socket.ts turns it into an 'unauthorized' event). */
function onErrorFrame(step: Step, frame: ErrorFrame) {
  if (frame.action === 'chart') {
    const clientId = (frame.data as { clientId?: string } | undefined)?.clientId;
    const records = step.state.outbox;
    const target =
      (clientId && records.find((r) => r.clientId === clientId)) || records.find((r) => r.state === 'sending');
    const blocked = frame.code === Code.forbidden;
    if (target) refused(step, target.clientId, frame.code, blocked ? 'blocked' : frame.message || 'error');
    if (blocked) return step.emit({ type: 'alert', reason: 'blocked' });
    // The frame budget ran out: the record waits and goes again; nothing for the member to do.
    if (frame.code === Code.tooMany) return;
  } else if (frame.action === 'block') {
    const [oldest] = step.state.blocks;
    if (oldest !== undefined) settleBlock(step, oldest, frame.message || 'error');
  }
  // Any other socket code is an error alert with the server's message.
  step.emit({ type: 'alert', reason: 'server', message: frame.message });
}

// ---- reading ----

function markRead(step: Step, peerId: number) {
  const s = step.state;
  if (!s.visible) return;
  const me = s.me ?? 0;
  const conversation = s.conversations.find((c) => c.peer.id === peerId);
  const unseen = historyOf(s, peerId).messages.some((m) => m.senderId === peerId && m.toId === me && !m.readAt);
  if (!unseen && !conversation?.unread) return;
  step.emit({ type: 'send', frame: { action: 'read', data: { senderId: peerId } } });
  const readAt = new Date(step.at).toISOString();
  setHistory(step, peerId, (h) => ({ ...h, messages: applyRead(h.messages, peerId, me, readAt) }));
  step.set({ conversations: setConversationRead(step.state.conversations, peerId) });
  if (conversation?.unread) step.set({ unread: Math.max(0, s.unread - conversation.unread) });
}

// ---- conversations and peers ----

function loadConversations(step: Step) {
  if (step.state.listState !== 'ready') step.set({ listState: 'loading' });
  step.emit({ type: 'fetchConversations' });
}

function conversationsFetched(step: Step, list: Conversation[] | null) {
  const s = step.state;
  if (!list) {
    if (s.listState !== 'ready') step.set({ listState: 'error' });
    return;
  }
  // Anything the socket delivered meanwhile is newer than the snapshot: fold it back in.
  const me = s.me ?? 0;
  let merged = list;
  for (const c of s.conversations)
    if (c.last) merged = upsertConversation(merged, c.peer, c.last, { me, countUnread: false });
  step.set({ conversations: merged, listState: 'ready', lastSynced: step.at });
  step.emit({ type: 'saveSyncedAt', at: step.at });
}

function ensurePeer(step: Step, peerId: number) {
  const s = step.state;
  if (knownPeer(s, peerId) || s.fetchingPeers.includes(peerId)) return;
  step.set({ fetchingPeers: [...s.fetchingPeers, peerId] });
  step.emit({ type: 'fetchPeer', peerId, silent: offlineOf(s) });
}

function peerFetched(step: Step, peerId: number, peer: BaseUser | null) {
  const s = step.state;
  const me = s.me ?? 0;
  const mine = s.orphans.filter((o) => peerOf(o.message, me) === peerId);
  step.set({
    fetchingPeers: s.fetchingPeers.filter((id) => id !== peerId),
    orphans: s.orphans.filter((o) => !mine.includes(o)),
  });
  if (!peer) return;
  step.set({ peers: { ...s.peers, [peerId]: peer } });
  for (const { message, countUnread } of mine)
    step.set({ conversations: upsertConversation(step.state.conversations, peer, message, { me, countUnread }) });
}

// ---- history ----

/** Every message that is new or changed (an object not held before) also goes to the offline copy. */
function setHistory(step: Step, peerId: number, update: (h: PeerHistory) => PeerHistory, persist = true) {
  const prev = historyOf(step.state, peerId);
  const next = update(prev);
  step.set({ histories: { ...step.state.histories, [peerId]: next } });
  if (!persist || next.messages === prev.messages) return;
  const had = new Set(prev.messages);
  const changed = next.messages.filter((m) => !had.has(m));
  if (changed.length) step.emit({ type: 'saveMessages', peerId, messages: changed });
}

/** One cache read per conversation; a second caller (open after a preload on click) waits for the same one. */
function showCached(step: Step, peerId: number) {
  if (step.state.cacheReads[peerId]) return;
  step.set({ cacheReads: { ...step.state.cacheReads, [peerId]: 'reading' } });
  step.emit({ type: 'readCachedPage', peerId, purpose: 'show' });
}

function cachedPageShown(step: Step, peerId: number, rows: Message[]) {
  step.set({ cacheReads: { ...step.state.cacheReads, [peerId]: 'done' } });
  // Rows from the cache are not written back.
  if (rows.length) setHistory(step, peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, rows) }), false);
  const thenRead = step.state.afterCache[peerId];
  if (thenRead === undefined) return;
  const { [peerId]: _, ...rest } = step.state.afterCache;
  step.set({ afterCache: rest });
  loadNewest(step, peerId, thenRead);
}

function loadNewest(step: Step, peerId: number, thenRead: boolean) {
  const running = step.state.loads[peerId];
  if (running) {
    if (thenRead && !running.thenRead) step.set({ loads: { ...step.state.loads, [peerId]: { ...running, thenRead } } });
    return;
  }
  setHistory(step, peerId, (h) => ({ ...h, state: h.state === 'ready' ? 'ready' : 'loading' }), false);
  const held = newestId(historyOf(step.state, peerId).messages);
  step.set({ loads: { ...step.state.loads, [peerId]: { held, fetched: [], pages: 0, thenRead } } });
  step.emit({ type: 'fetchHistory', peerId, purpose: 'newest' });
}

function newestFetched(step: Step, peerId: number, rows: Message[] | null) {
  const load = step.state.loads[peerId];
  if (!load) return;
  const { [peerId]: _, ...others } = step.state.loads;
  if (!rows) {
    // Offline or failing: what the cache showed stays, as a usable ('ready') view that the next resync refreshes.
    step.set({ loads: others });
    setHistory(
      step,
      peerId,
      (x) => ({ ...x, state: x.state === 'ready' || x.messages.length > 0 ? 'ready' : 'error', loadingOlder: false }),
      false,
    );
  } else {
    const fetched = [...rows, ...load.fetched];
    const pages = load.pages + 1;
    const behind = needsCatchUp(fetched, rows.length, PAGE_SIZE, load.held);
    if (behind && pages < CATCH_UP_PAGES) {
      step.set({ loads: { ...step.state.loads, [peerId]: { ...load, fetched, pages } } });
      return step.emit({ type: 'fetchHistory', peerId, purpose: 'newest', before: fetched[0]!.id });
    }
    step.set({ loads: others });
    const reached = !behind;
    const full = rows.length >= PAGE_SIZE;
    setHistory(step, peerId, (x) => {
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
  if (load.thenRead && step.state.activePeer === peerId) markRead(step, peerId);
}

function loadOlder(step: Step, peerId: number) {
  const h = historyOf(step.state, peerId);
  if (h.loadingOlder || !h.hasMore || h.messages.length === 0) return;
  const before = h.messages[0]!.id;
  setHistory(step, peerId, (x) => ({ ...x, loadingOlder: true }), false);
  if (offlineOf(step.state)) step.emit({ type: 'readCachedPage', peerId, purpose: 'older', before });
  else step.emit({ type: 'fetchHistory', peerId, purpose: 'older', before });
}

function olderArrived(step: Step, peerId: number, rows: Message[], more: boolean, fromServer: boolean) {
  setHistory(
    step,
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

const canSend = (s: ChatState) => s.socketOpen && s.connection.browserOnline && !s.paused;

/** Records the message durably first (`outboxWritten` answers), then it joins the queue. */
function enqueue(step: Step, record: OutboxRecord) {
  const s = step.state;
  const lastSeq = Math.max(step.at, s.lastSeq + 1);
  const next: OutboxRecord = { ...record, state: 'queued', seq: record.seq ?? lastSeq };
  step.set({
    lastSeq,
    outbox: [...s.outbox.filter((r) => r.clientId !== record.clientId), next].sort(compareRecords),
    unsaved: [...s.unsaved, record.clientId],
  });
  step.emit({ type: 'writeOutbox', record: next, confirm: true });
}

function updateRecord(step: Step, clientId: string, patch: Partial<Omit<OutboxRecord, 'clientId'>>) {
  const s = step.state;
  const at = s.outbox.findIndex((r) => r.clientId === clientId);
  if (at < 0) return;
  const next = { ...s.outbox[at]!, ...patch };
  const outbox = [...s.outbox];
  outbox[at] = next;
  step.set({ outbox });
  step.emit({ type: 'writeOutbox', record: next });
}

function removeRecord(step: Step, clientId: string) {
  step.set({ outbox: step.state.outbox.filter((r) => r.clientId !== clientId) });
  step.emit({ type: 'deleteOutbox', clientId });
}

/** Sends what may go now, oldest first, at most WINDOW in flight. */
function pump(step: Step) {
  const s = step.state;
  if (!s.ready || !canSend(s)) return;
  for (const { clientId, toId, type, msg, lang, attempts } of nextToSend(s.outbox, WINDOW)) {
    // Not durable yet: it waits, and so does everything after it, so the order holds.
    if (s.unsaved.includes(clientId)) return;
    updateRecord(step, clientId, { state: 'sending', error: undefined, attempts: attempts + 1 });
    step.emit({ type: 'send', frame: { action: 'chart', data: { toId, type, msg, lang, clientId } } });
  }
}

function frameSent(step: Step, frame: ClientFrame, ok: boolean) {
  if (frame.action === 'block' && !ok) return settleBlock(step, frame.data.receiverId, 'offline');
  if (frame.action !== 'chart') return;
  const { clientId } = frame.data;
  if (step.state.outbox.find((r) => r.clientId === clientId)?.state !== 'sending') return;
  // Not sent is not failed: offline messages wait in the queue for the connection.
  if (!ok) return updateRecord(step, clientId, { state: 'queued' });
  step.emit({
    type: 'startTimer',
    key: ackTimer(clientId),
    ms: ACK_TIMEOUT_MS,
    event: { type: 'ackTimeout', clientId },
  });
}

/** The server stored it (or had stored it: a repeated clientId is acked with the first Message). */
function acked(step: Step, clientId: string) {
  step.emit({ type: 'cancelTimer', key: ackTimer(clientId) });
  if (step.state.outbox.some((r) => r.clientId === clientId)) removeRecord(step, clientId);
  pump(step);
}

function fail(step: Step, clientId: string, error: string) {
  step.emit({ type: 'cancelTimer', key: ackTimer(clientId) });
  updateRecord(step, clientId, { state: 'failed', error });
  pump(step);
}

/** An error frame for this record. 429 is the server's frame budget: wait and re-send, not a failure. */
function refused(step: Step, clientId: string, code: number, reason: string) {
  if (code !== Code.tooMany) return fail(step, clientId, reason);
  step.emit({ type: 'cancelTimer', key: ackTimer(clientId) });
  updateRecord(step, clientId, { state: 'queued' });
  step.set({ paused: true });
  step.emit({ type: 'startTimer', key: 'backoff', ms: BACKOFF_MS, event: { type: 'backoffOver' } });
}

/**
 * The connection dropped (or came back) while these were in flight: we cannot know whether the server stored them,
 * so they go back to the queue and are re-sent with the SAME clientId; the server acks a repeat with the first
 * stored Message, so each is stored exactly once.
 */
function requeueInFlight(step: Step) {
  for (const r of step.state.outbox) {
    if (r.state !== 'sending') continue;
    step.emit({ type: 'cancelTimer', key: ackTimer(r.clientId) });
    updateRecord(step, r.clientId, { state: 'queued' });
  }
}

// ---- block and unblock: each request is settled by the server's ack, an error frame, or no answer in time ----

function requestBlock(step: Step, receiverId: number, block: boolean) {
  settleBlock(step, receiverId, 'superseded');
  step.set({ blocks: [...step.state.blocks, receiverId] });
  step.emit({ type: 'send', frame: { action: 'block', data: { receiverId, block } } });
  step.emit({
    type: 'startTimer',
    key: blockTimer(receiverId),
    ms: BLOCK_TIMEOUT_MS,
    event: { type: 'blockTimeout', receiverId },
  });
}

function settleBlock(step: Step, receiverId: number, error?: string) {
  if (!step.state.blocks.includes(receiverId)) return;
  step.set({ blocks: step.state.blocks.filter((id) => id !== receiverId) });
  step.emit({ type: 'cancelTimer', key: blockTimer(receiverId) });
  step.emit({ type: 'settleBlock', receiverId, error });
}
