/**
 * Persistence owner (docs/architecture.md, Import rules 3: the only idb-keyval user). Two kinds:
 * - small session values (token, user info, permissions, language) in localStorage, readable synchronously at
 *   start-up (docs/product.md, Sign-in and session);
 * - bulk data in IndexedDB through idb-keyval's named stores: chat history, the conversation list, the outbox of
 *   unsent messages (and the files of its videos and voice notes), and a key-value store for cached catalogues (specs, member config) and small metadata.
 *
 * idb-keyval's `createStore(db, store)` creates its object store only when the database is first made, so a second
 * store in an existing database would never exist: each store gets a database of its own.
 *
 * Pages: the newest `size` rows of a key range are read by a reverse key cursor that jumps `size` rows and one
 * `getAll` of the page, however many rows the store holds (chat keys its history `[peerId, messageId]`).
 */
import { clear, createStore, del, get, set, setMany, type UseStore, values } from 'idb-keyval';

export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session still works in memory.
  }
}

/** Database and object-store names; tests and benchmarks that write IndexedDB directly use the same ones. */
export const IDB_STORES = {
  messages: ['amity-chat-messages', 'messages'],
  conversations: ['amity-chat-conversations', 'conversations'],
  outbox: ['amity-chat-outbox', 'outbox'],
  /** The files of videos and voice notes in the outbox (Blobs), until their record is stored or cancelled. */
  outboxFiles: ['amity-chat-outbox-files', 'files'],
  kv: ['amity-cache', 'kv'],
} as const;
export type StoreName = keyof typeof IDB_STORES;

const handles = new Map<StoreName, UseStore>();

export const idbAvailable = () => typeof globalThis.indexedDB !== 'undefined';

function storeOf(name: StoreName): UseStore {
  if (!idbAvailable()) throw new Error('IndexedDB is not available');
  let handle = handles.get(name);
  if (!handle) {
    const [db, store] = IDB_STORES[name];
    handle = createStore(db, store);
    handles.set(name, handle);
  }
  return handle;
}

// Async so a missing IndexedDB (tests, locked-down browsers) is a rejection the caller can catch, never a throw.
export const idbGet = async <T>(name: StoreName, key: IDBValidKey) => (await get(key, storeOf(name))) as T | undefined;
export const idbSet = async (name: StoreName, key: IDBValidKey, value: unknown) => set(key, value, storeOf(name));
export const idbSetMany = async (name: StoreName, entries: [IDBValidKey, unknown][]) =>
  entries.length ? setMany(entries, storeOf(name)) : undefined;
export const idbDelete = async (name: StoreName, key: IDBValidKey) => del(key, storeOf(name));
export const idbValues = async <T>(name: StoreName) => (await values(storeOf(name))) as T[];

/** Opens the databases ahead of need (a first open costs tens of ms), so the first page read is only the walk. */
export async function warmUp(...names: StoreName[]): Promise<void> {
  if (!idbAvailable()) return;
  await Promise.all(names.map((name) => storeOf(name)('readonly', () => undefined).catch(() => {})));
}

/** Sign-out: another member may sign in on this device next, so nothing of this one stays. */
export async function clearAll(): Promise<void> {
  if (!idbAvailable()) return;
  await Promise.all((Object.keys(IDB_STORES) as StoreName[]).map((name) => clear(storeOf(name)).catch(() => {})));
}

// ---- Pages: the newest rows of a key range, as chat history reads them ----

/** A key range (IDBKeyRange.bound's arguments, kept as data so it is testable without IndexedDB). */
export interface KeyBounds {
  lower: IDBValidKey;
  upper: IDBValidKey;
  upperOpen: boolean;
}

export interface Page<T> {
  /** Oldest first, at most `size`. */
  rows: T[];
  /** Older rows exist below the page. */
  more: boolean;
}

/** The parts of IDBObjectStore the page read uses; tests pass a fake over an array. */
export interface PageStore {
  openKeyCursor(range: unknown, direction: 'prev'): IDBRequest<{ key: unknown; advance(count: number): void } | null>;
  getAll(range: unknown): IDBRequest<unknown[]>;
}
type MakeRange = (lower: unknown, upper: unknown, lowerOpen: boolean, upperOpen: boolean) => unknown;

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The newest `size` rows within `bounds`, oldest first, in three requests whatever the store holds: a reverse key
 * cursor finds the newest key, `advance(size)` jumps to the row just below the page (no values read on the way),
 * and one `getAll` reads the page. One cursor step per row would cost an event-loop turn per row.
 */
export async function readNewestPage<T>(
  store: PageStore,
  bounds: KeyBounds,
  size: number,
  makeRange: MakeRange,
): Promise<Page<T>> {
  const all = makeRange(bounds.lower, bounds.upper, false, bounds.upperOpen);
  const request = store.openKeyCursor(all, 'prev');
  const boundary = await new Promise<unknown>((resolve, reject) => {
    let jumped = false;
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(undefined);
      if (jumped) return resolve(cursor.key);
      jumped = true;
      cursor.advance(size);
    };
  });
  if (boundary === undefined) return { rows: (await settle(store.getAll(all))) as T[], more: false };
  const page = makeRange(boundary, bounds.upper, true, bounds.upperOpen);
  return { rows: (await settle(store.getAll(page))) as T[], more: true };
}

/** The newest `size` rows of a named store within `bounds`, oldest first. */
export async function readPage<T>(name: StoreName, bounds: KeyBounds, size: number): Promise<Page<T>> {
  return storeOf(name)('readonly', (store) =>
    readNewestPage<T>(store as unknown as PageStore, bounds, size, (l, u, lo, uo) =>
      IDBKeyRange.bound(l as IDBValidKey, u as IDBValidKey, lo, uo),
    ),
  );
}
