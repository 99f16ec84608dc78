/**
 * Group commit: work items queued by concurrent requests are stored together, one transaction per batch, and each
 * caller is answered only after that commit. On PGlite (one connection) a transaction per item queues every request
 * behind every other; a batch costs a few set-based statements and one commit whatever its size. Used by the chat
 * writer (messages), the commerce order batches (orders opened and settled) and the session reader (plugins/auth.ts,
 * reads only).
 *
 * One item must never cost others theirs: a batch that fails on its data (isDataError) is stored again in halves,
 * down to the one item that fails, which alone gets `unstorable`; every other item is stored. Any other error
 * (connection, shutdown) fails the whole batch.
 */
import type { Db, Tx } from './database.ts';

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** Stores what is queued, then refuses new work. */
  close(): Promise<void>;
}

export interface GroupCommitOptions<I, O> {
  db: Db;
  /** Stores a batch inside one transaction; outcomes in the order of `items`. */
  store: (trx: Tx, items: I[]) => Promise<O[]>;
  /** The outcome of the one item whose data fails its transaction (or throw to reject its caller). */
  unstorable: (item: I, error: unknown) => O;
  /** Wait this long after the first queued item for others to join it; 0 = the next turn of the event loop. */
  lingerMs?: number;
  maxBatch?: number;
  onError?: ((error: unknown) => void) | undefined;
  /** What submit rejects with after close(). */
  name: string;
}

/**
 * An error caused by the values of a row rather than by the database: SQLSTATE class 22 (data exception: NUL in
 * text, integer out of range, bad encoding) or 23 (integrity: a check, unique or not-null constraint). Storing the
 * items apart finds the bad one; any other error (connection, shutdown) would fail every item again.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const lingerMs = options.lingerMs ?? 2;
  const maxBatch = options.maxBatch ?? 2000;
  let queue: Pending<I, O>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  function schedule(): void {
    if (running || timer || queue.length === 0) return;
    if (queue.length >= maxBatch) {
      running = flush();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      running = flush();
    }, lingerMs);
  }

  async function flush(): Promise<void> {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    try {
      await store(batch);
    } finally {
      running = undefined;
      // Items that arrived while this batch was being written go next, without lingering: that is the batching.
      if (queue.length > 0) running = flush();
    }
  }

  /** One transaction for `batch`; if an item's data fails it, the two halves in order, down to that item alone. */
  async function store(batch: Pending<I, O>[]): Promise<void> {
    try {
      const outcomes = await options.db.transaction().execute((trx) =>
        options.store(
          trx,
          batch.map((p) => p.item),
        ),
      );
      for (const [n, p] of batch.entries()) p.resolve(outcomes[n]!);
    } catch (error) {
      if (!isDataError(error)) {
        options.onError?.(error);
        for (const p of batch) p.reject(error);
        return;
      }
      if (batch.length === 1) {
        options.onError?.(error);
        try {
          batch[0]!.resolve(options.unstorable(batch[0]!.item, error));
        } catch (refusal) {
          batch[0]!.reject(refusal);
        }
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await store(batch.slice(0, half));
      await store(batch.slice(half));
    }
  }

  return {
    submit(item) {
      if (closed) return Promise.reject(new Error(`the ${options.name} is closed`));
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        if (!running) running = flush();
      }
      while (running) await running;
    },
  };
}
