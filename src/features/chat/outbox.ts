/**
 * The outbox: every message I send is first a local record here, keyed by its clientId, and stays until the
 * server's ack (same clientId) turns it into a stored Message. In memory for now; the interface is async and
 * record-shaped so an IndexedDB store (through lib/storage.ts) can back it for offline-first without changing callers.
 */
import type { MessageType } from '#protocol/chat.ts';

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
}

export interface Outbox {
  put(record: OutboxRecord): Promise<void>;
  /** Merges `patch` into a record; unknown ids are ignored (an ack can beat a late failure). */
  update(clientId: string, patch: Partial<Omit<OutboxRecord, 'clientId'>>): Promise<OutboxRecord | undefined>;
  /** The stored Message exists now: the record is done and leaves the outbox. */
  markAcked(clientId: string): Promise<OutboxRecord | undefined>;
  markFailed(clientId: string, error: string): Promise<OutboxRecord | undefined>;
  get(clientId: string): Promise<OutboxRecord | undefined>;
  /** Records still waiting, oldest first. */
  list(): Promise<OutboxRecord[]>;
  /** Called with the full list after every change, so atoms can mirror it. */
  subscribe(listener: (records: OutboxRecord[]) => void): () => void;
}

export function createMemoryOutbox(): Outbox {
  const records = new Map<string, OutboxRecord>();
  const listeners = new Set<(records: OutboxRecord[]) => void>();
  const snapshot = () => [...records.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const changed = () => {
    const list = snapshot();
    for (const l of listeners) l(list);
  };

  const outbox: Outbox = {
    async put(record) {
      records.set(record.clientId, { ...record });
      changed();
    },
    async update(clientId, patch) {
      const prev = records.get(clientId);
      if (!prev) return undefined;
      const next = { ...prev, ...patch };
      records.set(clientId, next);
      changed();
      return next;
    },
    async markAcked(clientId) {
      const prev = records.get(clientId);
      if (!prev) return undefined;
      records.delete(clientId);
      changed();
      return { ...prev, state: 'sent' };
    },
    markFailed(clientId, error) {
      return outbox.update(clientId, { state: 'failed', error });
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
