/**
 * Chat's offline copy: history pages, the conversation list, the outbox rows (with the files of videos and voice
 * notes not uploaded yet) and the last sync time, all through
 * lib/storage.ts, which knows named stores, keys and pages; the key layout is chat's and lives here: history rows
 * are keyed `[peerId, messageId]` (an IndexedDB array key), so one conversation's page below `before` is the range
 * `[peerId, -Infinity] .. [peerId, before)`. Writes are batched (a burst of frames or a fetched page is one transaction) and never block the
 * UI; a failed write only costs the offline copy. A memory version serves unit tests and browsers without IndexedDB.
 */
import {
  clearAll,
  idbAvailable,
  idbDelete,
  idbGet,
  idbSet,
  idbSetMany,
  idbValues,
  type KeyBounds,
  type Page,
  readPage,
  warmUp,
} from '#lib/storage.ts';
import type { Message } from '#protocol/chat.ts';
import type { Conversation } from './chat.rules.ts';
import type { OutboxFiles, OutboxRecord } from './outbox.rules.ts';

const historyKey = (peerId: number, id: number): [number, number] => [peerId, id];

/** The key bounds of one conversation, below message id `before` when given. */
export function historyBounds(peerId: number, before?: number): KeyBounds {
  return {
    lower: historyKey(peerId, Number.NEGATIVE_INFINITY),
    upper: historyKey(peerId, before ?? Number.POSITIVE_INFINITY),
    upperOpen: before !== undefined,
  };
}

/** Where outbox records persist. */
export interface OutboxRows {
  all(): Promise<OutboxRecord[]>;
  put(record: OutboxRecord): Promise<void>;
  delete(clientId: string): Promise<void>;
}

/** Where a video's or voice note's files wait until the record is stored (keyed by its clientId). */
export interface OutboxFileRows {
  get(clientId: string): Promise<OutboxFiles | undefined>;
  put(clientId: string, files: OutboxFiles): Promise<void>;
  delete(clientId: string): Promise<void>;
}

export interface ChatCache {
  readPage(peerId: number, size: number, before?: number): Promise<Page<Message>>;
  /** Opens the history database early so opening a conversation reads at once. */
  warm(): void;
  /** Queues rows for the next batched write. */
  saveMessages(peerId: number, messages: readonly Message[]): void;
  readConversations(): Promise<Conversation[] | undefined>;
  saveConversations(list: readonly Conversation[]): void;
  readSyncedAt(): Promise<number | undefined>;
  saveSyncedAt(at: number): void;
  /** Makes the cache this member's: another member's leftovers (a sign-out that could not clear) are dropped. */
  claim(me: number): Promise<void>;
  outboxRows: OutboxRows;
  outboxFiles: OutboxFileRows;
  /** Writes what is queued now (tests, sign-out). */
  flush(): Promise<void>;
  dispose(): void;
}

const FLUSH_MS = 50;
const LIST_KEY = 'list';
const SYNCED_KEY = 'chat-synced-at';
const OWNER_KEY = 'chat-owner';

/** Without IndexedDB (some private modes) every read fails and is caught, and chat works from memory alone. */
export function createChatCache(): ChatCache {
  const pending = new Map<string, { peerId: number; id: number; value: Message }>();
  let list: readonly Conversation[] | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = [...pending.values()];
    pending.clear();
    const conversations = list;
    list = null;
    if (disposed || !idbAvailable()) return;
    await Promise.all([
      rows.length
        ? idbSetMany(
            'messages',
            rows.map((r) => [historyKey(r.peerId, r.id), r.value]),
          )
        : null,
      conversations ? idbSet('conversations', LIST_KEY, conversations) : null,
    ]).catch((e) => console.warn('chat cache write failed', e));
  }
  const schedule = () => {
    timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };

  return {
    readPage: (peerId, size, before) => readPage<Message>('messages', historyBounds(peerId, before), size),
    warm: () => void warmUp('messages'),
    saveMessages(peerId, messages) {
      if (disposed) return;
      for (const m of messages) pending.set(`${peerId}:${m.id}`, { peerId, id: m.id, value: m });
      schedule();
    },
    readConversations: () => idbGet<Conversation[]>('conversations', LIST_KEY),
    saveConversations(next) {
      if (disposed) return;
      list = next;
      schedule();
    },
    readSyncedAt: () => idbGet<number>('kv', SYNCED_KEY),
    saveSyncedAt(at) {
      if (!disposed) void idbSet('kv', SYNCED_KEY, at).catch(() => {});
    },
    async claim(me) {
      const owner = await idbGet<number>('kv', OWNER_KEY);
      if (owner !== undefined && owner !== me) await clearAll();
      if (owner !== me) await idbSet('kv', OWNER_KEY, me);
    },
    outboxRows: {
      all: () => idbValues<OutboxRecord>('outbox'),
      put: (r) => idbSet('outbox', r.clientId, r),
      delete: (clientId) => idbDelete('outbox', clientId),
    },
    outboxFiles: {
      get: (clientId) => idbGet<OutboxFiles>('outboxFiles', clientId),
      put: (clientId, files) => idbSet('outboxFiles', clientId, files),
      delete: (clientId) => idbDelete('outboxFiles', clientId),
    },
    flush,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}
