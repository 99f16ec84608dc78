/**
 * Sends the outbox in order, exactly once. A record is durable before its first send; it leaves `queued` for
 * `sending` only while the connection is up, and goes back to `queued` (same clientId) when the connection drops
 * before the ack. One global FIFO with a window of one: the next record leaves after the previous one's ack.
 *
 *   queued ──send──► sending ──ack──► (stored Message: sent, later read)
 *     ▲                │  │
 *     └─ connection ───┘  └─ refused / no ack in time ──► failed ──Retry──► queued
 *        lost, 429                                         failed/queued ──Cancel──► removed
 */
import type { ClientFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import { canCancel, canRetry, nextToSend, requeueInFlight } from './outbox.rules.ts';
import type { Outbox, OutboxRecord } from './outbox.ts';

/** No ack this long after a send on an open connection: the bubble turns 'failed' and offers Retry. */
export const ACK_TIMEOUT_MS = 15_000;
/** The server's frame budget ran out (429): wait this long, then carry on with the same record. */
export const BACKOFF_MS = 1_000;
const WINDOW = 1;

export interface OutboxSenderOptions {
  outbox: Outbox;
  send: (frame: ClientFrame) => Promise<boolean>;
  /** The socket is open and the browser online. */
  canSend: () => boolean;
}

export function createOutboxSender({ outbox, send, canSend }: OutboxSenderOptions) {
  const ackTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let pumping = false;
  let again = false;
  let pausedUntil = 0;
  let resumeTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const stopTimer = (clientId: string) => {
    const timer = ackTimers.get(clientId);
    if (timer) clearTimeout(timer);
    ackTimers.delete(clientId);
  };

  /** Sends what may go now; concurrent calls fold into one loop so records never overtake each other. */
  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      await outbox.load();
      do {
        again = false;
        if (stopped || !canSend() || Date.now() < pausedUntil) return;
        for (const record of nextToSend(await outbox.list(), WINDOW)) {
          if (!(await deliver(record))) return;
        }
      } while (again);
    } finally {
      pumping = false;
    }
  }

  async function deliver(record: OutboxRecord): Promise<boolean> {
    const { clientId, toId, type, msg, lang } = record;
    const now = await outbox.update(clientId, { state: 'sending', error: undefined, attempts: record.attempts + 1 });
    if (!now) return true; // cancelled meanwhile
    const sent = await send({ action: 'chart', data: { toId, type, msg, lang, clientId } });
    if (!sent) {
      // Not failed: offline messages wait in the queue for the connection.
      await outbox.update(clientId, { state: 'queued' });
      return false;
    }
    stopTimer(clientId);
    ackTimers.set(
      clientId,
      setTimeout(() => void fail(clientId, 'timeout'), ACK_TIMEOUT_MS),
    );
    return true;
  }

  async function fail(clientId: string, error: string) {
    stopTimer(clientId);
    await outbox.markFailed(clientId, error);
    void pump();
  }

  async function requeueAll() {
    for (const clientId of [...ackTimers.keys()]) stopTimer(clientId);
    for (const r of requeueInFlight(await outbox.list())) await outbox.update(r.clientId, { state: 'queued' });
  }

  return {
    pump,
    /** Records the message durably, then lets it join the queue. */
    async enqueue(record: OutboxRecord) {
      await outbox.load();
      await outbox.put({ ...record, state: 'queued' });
      await pump();
    },
    /** The server stored it (or had stored it: a repeated clientId is acked with the first Message). */
    async acked(clientId: string) {
      stopTimer(clientId);
      await outbox.markAcked(clientId);
      void pump();
    },
    /** An error frame for this record. 429 is the server's frame budget: wait and re-send, not a failure. */
    async refused(clientId: string, code: number, reason: string) {
      if (code === Code.tooMany) {
        stopTimer(clientId);
        await outbox.update(clientId, { state: 'queued' });
        pausedUntil = Date.now() + BACKOFF_MS;
        if (resumeTimer) clearTimeout(resumeTimer);
        resumeTimer = setTimeout(() => void pump(), BACKOFF_MS);
        return;
      }
      await fail(clientId, reason);
    },
    /** The connection dropped: in-flight records are unknown, so they wait as queued for the next connection. */
    async disconnected() {
      await outbox.load();
      await requeueAll();
    },
    /** A (re)connection: whatever was in flight goes again first (same clientIds), then the rest in order. */
    async connected() {
      await outbox.load();
      await requeueAll();
      await pump();
    },
    async retry(clientId: string) {
      const record = await outbox.get(clientId);
      if (!record || !canRetry(record)) return;
      await outbox.update(clientId, { state: 'queued', error: undefined });
      await pump();
    },
    async cancel(clientId: string) {
      const record = await outbox.get(clientId);
      if (!record || !canCancel(record)) return;
      await outbox.remove(clientId);
    },
    dispose() {
      stopped = true;
      for (const clientId of [...ackTimers.keys()]) stopTimer(clientId);
      if (resumeTimer) clearTimeout(resumeTimer);
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
