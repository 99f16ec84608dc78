/**
 * The outbox: every message I send is first a local record here, keyed by its clientId, and stays until the
 * server's ack (same clientId) turns it into a stored Message. Records are written through to IndexedDB (via
 * lib/storage.ts) before anything is sent, so a reload or a browser restart re-sends them with the same clientId and
 * the server stores each once. The in-memory map mirrors the rows so the UI never waits for IndexedDB.
 */
import type { MessageType } from '#protocol/chat.ts';
import { compareRecords } from './outbox.rules.ts';

export type OutboxState = 'queued' | 'sending' | 'sent' | 'read' | 'failed';

export interface OutboxRecord {
  clientId: string;
  toId: number;
  type: typeof MessageType.text | typeof MessageType.image;
  msg: string;
  lang: string;
  /** When the member sent it (ISO): orders it in the timeline until the stored copy arrives. */
  createdAt: string;
  state: OutboxState;
  error?: string;
  attempts: number;
  /** Send order, strictly increasing across reloads (createdAt can tie within a millisecond). */
  seq?: number;
}

/** Where records persist; IndexedDB in the app, nothing in unit tests. */
export interface OutboxRows {
  all(): Promise<OutboxRecord[]>;
  put(record: OutboxRecord): Promise<void>;
  delete(clientId: string): Promise<void>;
}

export interface Outbox {
  /** Reads persisted records once (app start); later calls return the same promise. */
  load(): Promise<void>;
  /** Resolves once the record is durable (written to IndexedDB when rows are given). */
  put(record: OutboxRecord): Promise<void>;
  /** Merges `patch` into a record; unknown ids are ignored (an ack can beat a late failure). */
  update(clientId: string, patch: Partial<Omit<OutboxRecord, 'clientId'>>): Promise<OutboxRecord | undefined>;
  /** The stored Message exists now: the record is done and leaves the outbox. */
  markAcked(clientId: string): Promise<OutboxRecord | undefined>;
  markFailed(clientId: string, error: string): Promise<OutboxRecord | undefined>;
  /** Cancel: the record leaves without being sent. */
  remove(clientId: string): Promise<OutboxRecord | undefined>;
  get(clientId: string): Promise<OutboxRecord | undefined>;
  /** Records still waiting, oldest first. */
  list(): Promise<OutboxRecord[]>;
  /** Called with the full list after every change, so atoms can mirror it. */
  subscribe(listener: (records: OutboxRecord[]) => void): () => void;
}

export function createOutbox(rows?: OutboxRows): Outbox {
  const records = new Map<string, OutboxRecord>();
  const listeners = new Set<(records: OutboxRecord[]) => void>();
  let lastSeq = 0;
  let loading: Promise<void> | null = null;
  const snapshot = () => [...records.values()].sort(compareRecords);
  const changed = () => {
    const list = snapshot();
    for (const l of listeners) l(list);
  };
  // A failed write keeps the app working from memory; the record is then lost on reload, which beats blocking.
  const persist = (record: OutboxRecord) => rows?.put(record).catch((e) => console.warn('outbox write failed', e));
  const forget = (clientId: string) => rows?.delete(clientId).catch((e) => console.warn('outbox delete failed', e));

  const outbox: Outbox = {
    load() {
      loading ??= (async () => {
        const stored = await (rows?.all() ?? Promise.resolve([])).catch(() => [] as OutboxRecord[]);
        for (const r of stored) {
          if (records.has(r.clientId)) continue;
          records.set(r.clientId, r);
          lastSeq = Math.max(lastSeq, r.seq ?? 0);
        }
        if (stored.length) changed();
      })();
      return loading;
    },
    async put(record) {
      lastSeq = Math.max(Date.now(), lastSeq + 1);
      const next = { ...record, seq: record.seq ?? lastSeq };
      records.set(record.clientId, next);
      changed(); // on screen at once; the caller sends only after the write below
      await persist(next);
    },
    async update(clientId, patch) {
      const prev = records.get(clientId);
      if (!prev) return undefined;
      const next = { ...prev, ...patch };
      records.set(clientId, next);
      changed();
      await persist(next);
      return records.get(clientId) === next ? next : records.get(clientId);
    },
    async markAcked(clientId) {
      const prev = records.get(clientId);
      if (!prev) return undefined;
      records.delete(clientId);
      changed();
      await forget(clientId);
      return { ...prev, state: 'sent' };
    },
    markFailed(clientId, error) {
      return outbox.update(clientId, { state: 'failed', error });
    },
    async remove(clientId) {
      const prev = records.get(clientId);
      if (!prev) return undefined;
      records.delete(clientId);
      changed();
      await forget(clientId);
      return prev;
    },
    async get(clientId) {
      return records.get(clientId);
    },
    async list() {
      return snapshot();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return outbox;
}

/** An outbox without persistence (tests, browsers without IndexedDB). */
export const createMemoryOutbox = () => createOutbox();
