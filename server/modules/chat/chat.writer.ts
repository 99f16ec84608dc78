/**
 * Group commit for chat messages. Writing one transaction per message caps PGlite at a few thousand a second;
 * queued messages are instead stored together: one pair check, one multi-row insert, one unread update, one
 * commit. Each sender is answered only after that commit (docs/api.md, WebSocket: acked only once stored).
 *
 * One member must never cost others their messages: validation keeps values PostgreSQL would refuse out, and in
 * case one slips through anyway, a batch that fails on its data is stored again in halves, down to the one row that
 * fails, which alone is refused (400); every other row is stored and acked.
 */
import { randomUUID } from 'node:crypto';
import type { Message } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { type DomainError, forbidden, invalid } from '../../domain/errors.ts';
import { noSuchMember } from '../users/users.rules.ts';
import * as repo from './chat.repository.ts';
import { BLOCKED_MESSAGE, toMessage } from './chat.rules.ts';

export type ChartOutcome =
  | { kind: 'stored'; message: Message; unreadAll: number }
  | { kind: 'duplicate'; message: Message }
  | { kind: 'refused'; error: DomainError };

export interface ChatWriter {
  submit(item: repo.NewMessage): Promise<ChartOutcome>;
  /** Stores what is queued, then refuses new work. */
  close(): Promise<void>;
}

export interface ChatWriterOptions {
  db: Db;
  now: () => Date;
  /** Wait this long after the first queued message for others to join it; 0 = the next turn of the event loop. */
  lingerMs?: number;
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

interface Pending {
  item: repo.NewMessage;
  resolve: (outcome: ChartOutcome) => void;
  reject: (error: unknown) => void;
}

/** What the one row that fails in SQL is answered. */
export const UNSTORABLE_MESSAGE = 'This message holds a value that cannot be stored';

/**
 * An error caused by the values of a row rather than by the database: SQLSTATE class 22 (data exception: NUL in
 * text, integer out of range, bad encoding) or 23 (integrity: a check or not-null constraint). Storing the rows
 * apart finds the bad one; any other error (connection, shutdown) would fail every row again.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

const keyOf = (senderId: number, clientId: string) => `${senderId}:${clientId}`;

/**
 * Stores a batch inside one transaction; outcomes in the order of `items`. The common case costs two statements
 * (insert, unread counters); only skipped rows cost the lookups that say why they were skipped.
 */
export async function storeBatch(db: repo.Executor, items: repo.NewMessage[], now: Date): Promise<ChartOutcome[]> {
  const inserted = new Map(
    (await repo.insertMessages(db, items, now)).map((r) => [keyOf(r.sender_id, r.client_id), r]),
  );
  const outcomes: (ChartOutcome | undefined)[] = new Array(items.length);
  const claimed = new Set<string>();
  const received = new Map<number, number>();
  const skipped: number[] = [];
  for (const [n, i] of items.entries()) {
    const key = keyOf(i.senderId, i.clientId);
    const row = inserted.get(key);
    // The first item of a clientId owns the new row; a repeat inside the same batch is a duplicate.
    if (!row || claimed.has(key)) {
      skipped.push(n);
      continue;
    }
    claimed.add(key);
    received.set(i.toId, (received.get(i.toId) ?? 0) + 1);
    const message: Message = {
      id: Number(row.id),
      clientId: i.clientId,
      senderId: i.senderId,
      toId: i.toId,
      type: i.type as Message['type'],
      msg: i.msg,
      lang: i.lang,
      createdAt: now.toISOString(),
      readAt: null,
      translations: i.translations ?? {},
    };
    outcomes[n] = { kind: 'stored', message, unreadAll: 0 };
  }
  if (skipped.length > 0) await explainSkipped(db, items, skipped, outcomes);
  const totals = await repo.addUnread(db, received);
  return outcomes.map((o) => (o?.kind === 'stored' ? { ...o, unreadAll: totals.get(o.message.toId) ?? 0 } : o!));
}

/** A skipped item is a repeat (ack the first message), an unknown receiver (404) or a blocked pair (403). */
async function explainSkipped(
  db: repo.Executor,
  items: repo.NewMessage[],
  skipped: number[],
  outcomes: (ChartOutcome | undefined)[],
): Promise<void> {
  const those = skipped.map((n) => items[n]!);
  const existing = new Map(
    (
      await repo.findByClientIds(
        db,
        those.map((i) => i.senderId),
        those.map((i) => i.clientId),
      )
    ).map((r) => [keyOf(r.sender_id, r.client_id), r]),
  );
  const rest = skipped.filter((n) => !existing.has(keyOf(items[n]!.senderId, items[n]!.clientId)));
  const states = await repo.pairStates(
    db,
    rest.map((n) => items[n]!.senderId),
    rest.map((n) => items[n]!.toId),
  );
  const stateOf = new Map(states.map((s) => [`${s.sender_id}:${s.to_id}`, s]));
  for (const n of skipped) {
    const i = items[n]!;
    const first = existing.get(keyOf(i.senderId, i.clientId));
    const state = stateOf.get(`${i.senderId}:${i.toId}`);
    outcomes[n] = first
      ? { kind: 'duplicate', message: toMessage(first) }
      : !state?.known
        ? { kind: 'refused', error: noSuchMember() }
        : { kind: 'refused', error: forbidden(BLOCKED_MESSAGE) };
  }
}

export function createChatWriter(options: ChatWriterOptions): ChatWriter {
  const lingerMs = options.lingerMs ?? 2;
  const maxBatch = options.maxBatch ?? 2000;
  let queue: Pending[] = [];
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
      // Messages that arrived while this batch was being written go next, without lingering: that is the batching.
      if (queue.length > 0) running = flush();
    }
  }

  /** One transaction for `batch`; if a row's data fails it, the two halves in order, down to that row alone. */
  async function store(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await options.db.transaction().execute((trx) =>
        storeBatch(
          trx,
          batch.map((p) => p.item),
          options.now(),
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
        batch[0]!.resolve({ kind: 'refused', error: invalid(UNSTORABLE_MESSAGE) });
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await store(batch.slice(0, half));
      await store(batch.slice(half));
    }
  }

  return {
    submit(item) {
      if (closed) return Promise.reject(new Error('the chat writer is closed'));
      return new Promise<ChartOutcome>((resolve, reject) => {
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

export interface SystemMessageInput {
  senderId: number;
  toId: number;
  /** 3-7: gifts and balance changes (docs/api.md, Chat over REST: message types). */
  type: 3 | 4 | 5 | 6 | 7;
  msg: string;
}

/**
 * A server-written message (gifts, balance changes), stored in the caller's executor so it commits or rolls back
 * with the purchase. Outside a transaction it is delivered at once; inside one, call `deliver()` after the commit.
 */
export async function sendSystemMessage(
  ctx: AppContext,
  db: repo.Executor,
  input: SystemMessageInput,
): Promise<{ message: Message; deliver: () => void }> {
  const row = await repo.insertOne(
    db,
    { clientId: randomUUID(), senderId: input.senderId, toId: input.toId, type: input.type, msg: input.msg, lang: '' },
    ctx.now(),
  );
  if (!row) throw noSuchMember();
  const unread =
    input.senderId === input.toId
      ? new Map([[input.toId, await repo.getUnread(db, input.toId)]])
      : await repo.addUnread(db, new Map([[input.toId, 1]]));
  const message = toMessage(row);
  let delivered = false;
  const deliver = () => {
    if (delivered) return;
    delivered = true;
    // A note to oneself (type 7 balance change) goes out once, with the unread total.
    if (message.senderId !== message.toId)
      ctx.hub.publish(message.senderId, { action: 'chart', code: Code.ok, data: message });
    ctx.hub.publish(message.toId, {
      action: 'chart',
      code: Code.ok,
      data: { ...message, unreadAll: unread.get(message.toId) ?? 0 },
    });
  };
  if (!db.isTransaction) deliver();
  return { message, deliver };
}
