/**
 * What the chat core (chat.reducer.ts) works on and speaks: its state, the events it takes, the effects it asks
 * for, its timings, and the read-only views of its state the screens use. chat.service.ts, the atoms and the
 * screens import these; only the reducer changes the state.
 */
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { Conversation } from './chat.rules.ts';
import type { OutboxRecord, UploadEnd } from './outbox.rules.ts';

/** Messages per history page (REST `size` and a cached page alike). */
export const PAGE_SIZE = 30;
/** At most this many pages are fetched to close the gap after a long absence; beyond it the view restarts. */
export const CATCH_UP_PAGES = 10;
/** No ack this long after a send on an open connection: the bubble turns 'failed' and offers Retry. */
export const ACK_TIMEOUT_MS = 15_000;
/** The server's frame budget ran out (429): wait this long, then carry on with the same record. */
export const BACKOFF_MS = 1_000;
/** An upload that failed for want of a connection or a working server is tried again after this long. */
export const UPLOAD_RETRY_MS = 5_000;
/** A block or unblock not acked in this time fails. */
export const BLOCK_TIMEOUT_MS = 10_000;
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
  /**
   * The cached page of a conversation is read once per session; 'open': an opening waits for it, so the server's
   * newest pages can never overtake it.
   */
  cacheReads: Record<number, 'reading' | 'open' | 'done'>;
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
  /** Uploads in progress: percent done by clientId (not kept: a reload starts an upload again). */
  progress: Record<string, number>;
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
  loads: {},
  outbox: [],
  unsaved: [],
  lastSeq: 0,
  connection: { browserOnline: true, socketDown: false },
  socketOpen: false,
  paused: false,
  progress: {},
  blocks: [],
};

export type Timed =
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
  /** The socket's status, with the browser's online flag (lib/socket.ts reports a change of either). */
  | { type: 'socketStatus'; status: SocketStatus; online: boolean }
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
  /** A translation of a stored message came back (translate.reducer.ts asked): kept with it, offline too. */
  | { type: 'translated'; peerId: number; msgId: number; lang: string; text: string }
  // REST and IndexedDB results (null: the request failed)
  | { type: 'conversationsFetched'; list: Conversation[] | null }
  | { type: 'unreadFetched'; count: number }
  | { type: 'historyFetched'; peerId: number; purpose: 'newest' | 'older'; before?: number; rows: Message[] | null }
  | { type: 'cachedPage'; peerId: number; purpose: 'show' | 'older'; rows: Message[]; more: boolean }
  | { type: 'peerFetched'; peerId: number; peer: BaseUser | null }
  | { type: 'outboxWritten'; clientId: string }
  | { type: 'uploadProgress'; clientId: string; percent: number }
  | { type: 'uploadEnded'; clientId: string; end: UploadEnd }
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
  /** `files`: a video's or voice note's stored files go too. */
  | { type: 'deleteOutbox'; clientId: string; files?: boolean }
  /** Uploads the record's stored file (and cover), answering `uploadProgress` and then `uploadEnded`. */
  | { type: 'upload'; record: OutboxRecord }
  | { type: 'abortUpload'; clientId: string }
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

export const offlineOf = (s: Pick<ChatState, 'connection'>) => !s.connection.browserOnline || s.connection.socketDown;
export const historyOf = (s: Pick<ChatState, 'histories'>, peerId: number) => s.histories[peerId] ?? emptyHistory;
