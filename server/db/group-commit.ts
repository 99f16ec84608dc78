/**
 * Batching of concurrent work: items queued by concurrent requests are handled together, and each caller is answered
 * with its own outcome. While one batch runs, new items queue; they go next as one batch, without waiting. So batches
 * grow with the load, and the cost per item falls as it rises. On PGlite (one connection) a query or a transaction
 * per item would queue every request behind every other.
 *
 * Two kinds:
 * - Group commit (`createGroupCommit`): one transaction per batch, each caller answered only after that commit. Used
 *   by the chat writer (messages) and the commerce order batches (orders opened and settled). A batch whose only write
 *   is one statement may go without the transaction (`transaction: false`: the order opener). One item must never
 *   cost others theirs: a batch that fails on its data (isDataError) is stored again in halves, down to the one item
 *   that fails, which alone gets `unstorable`; every other item is stored. Any other error (connection, shutdown)
 *   fails the whole batch.
 * - Batch reader (`createBatchReader`): reads only, no transaction: the lookups of concurrent requests in a few
 *   set-based queries (the session reader of plugins/auth.ts, the user info of users.service.ts). Each read still
 *   runs after its request arrived, so what it sees is as fresh as a query of its own.
 */
import type { Db, Tx } from './database.ts';

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** Handles what is queued, then refuses new work. */
  close(): Promise<void>;
}

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

interface QueueOptions {
  /**
   * Wait this long after the first queued item for others to join it; 0 = until the requests that arrived in this
   * turn of the event loop have queued theirs (setImmediate), no longer.
   */
  lingerMs: number;
  maxBatch: number;
  /** What submit rejects with after close(). */
  name: string;
}

/** The queue both kinds share: `run` settles every item of the batch it is given. */
function createQueue<I, O>(options: QueueOptions, run: (batch: Pending<I, O>[]) => Promise<void>): GroupCommit<I, O> {
  let queue: Pending<I, O>[] = [];
  let timer: { cancel(): void } | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  function schedule(): void {
    if (running || timer || queue.length === 0) return;
    if (queue.length >= options.maxBatch) {
      running = flush();
      return;
    }
    const fire = () => {
      timer = undefined;
      running = flush();
    };
    if (options.lingerMs === 0) {
      const immediate = setImmediate(fire);
      timer = { cancel: () => clearImmediate(immediate) };
    } else {
      const timeout = setTimeout(fire, options.lingerMs);
      timer = { cancel: () => clearTimeout(timeout) };
    }
  }

  async function flush(): Promise<void> {
    const batch = queue.slice(0, options.maxBatch);
    queue = queue.slice(options.maxBatch);
    try {
      await run(batch);
    } finally {
      running = undefined;
      // Items that arrived while this batch ran go next, without lingering: that is the batching.
      if (queue.length > 0) running = flush();
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
        timer.cancel();
        timer = undefined;
        if (!running) running = flush();
      }
      while (running) await running;
    },
  };
}

export interface BatchReaderOptions<I, O> {
  /** Reads a batch; outcomes in the order of `items`. An error rejects every caller of the batch. */
  read: (items: I[]) => Promise<O[]>;
  lingerMs?: number;
  maxBatch?: number;
  name: string;
}

export function createBatchReader<I, O>(options: BatchReaderOptions<I, O>): GroupCommit<I, O> {
  const queueOptions = { lingerMs: options.lingerMs ?? 0, maxBatch: options.maxBatch ?? 500, name: options.name };
  return createQueue<I, O>(queueOptions, async (batch) => {
    try {
      const outcomes = await options.read(batch.map((p) => p.item));
      for (const [n, p] of batch.entries()) p.resolve(outcomes[n]!);
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  });
}

interface GroupCommitCommon<I, O> {
  db: Db;
  /** The outcome of the one item whose data fails its transaction (or throw to reject its caller). */
  unstorable: (item: I, error: unknown) => O;
  /** Wait this long after the first queued item for others to join it (see QueueOptions). */
  lingerMs?: number;
  maxBatch?: number;
  onError?: ((error: unknown) => void) | undefined;
  /** What submit rejects with after close(). */
  name: string;
}

export type GroupCommitOptions<I, O> = GroupCommitCommon<I, O> &
  (
    | {
        /** Stores a batch inside one transaction; outcomes in the order of `items`. */
        store: (trx: Tx, items: I[]) => Promise<O[]>;
        transaction?: true;
      }
    | {
        /**
         * Stores a batch whose only write is one statement (atomic by itself), with no transaction around it: its
         * begin and commit are two calls to the database saved per batch.
         */
        store: (db: Db, items: I[]) => Promise<O[]>;
        transaction: false;
      }
  );

/**
 * An error caused by the values of a row rather than by the database: SQLSTATE class 22 (data exception: NUL in
 * text, integer out of range, bad encoding) or 23 (integrity: a check, unique or not-null constraint). Storing the
 * items apart finds the bad one; any other error (connection, shutdown) would fail every item again.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  /** One transaction for `batch` (or its one statement); if an item's data fails it, the two halves in order, down to
   * that item alone. */
  async function store(batch: Pending<I, O>[]): Promise<void> {
    try {
      const items = batch.map((p) => p.item);
      const outcomes =
        options.transaction === false
          ? await options.store(options.db, items)
          : await options.db.transaction().execute((trx) => options.store(trx, items));
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

  return createQueue<I, O>(
    { lingerMs: options.lingerMs ?? 2, maxBatch: options.maxBatch ?? 2000, name: options.name },
    store,
  );
}
