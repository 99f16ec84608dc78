/**
 * Group commit for chat messages (db/group-commit.ts). Writing one transaction per message caps PGlite at a few
 * thousand a second; queued messages are instead stored together: one pair check, one multi-row insert, one unread
 * update, one commit. Each sender is answered only after that commit (docs/api.md, WebSocket: acked only once
 * stored).
 *
 * One member must never cost others their messages: validation keeps values PostgreSQL would refuse out, and in
 * case one slips through anyway, a batch that fails on its data is stored again in halves, down to the one row that
 * fails, which alone is refused (400); every other row is stored and acked.
 */
import { randomUUID } from 'node:crypto';
import { type Media, type Message, MessageType } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { type DomainError, forbidden, invalid } from '../../domain/errors.ts';
import { noSuchMember } from '../users/users.rules.ts';
import { lockVideoSenders, recordVideoCharges, resolveMedia, spendVideo } from './chat.media.ts';
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

/** What the one row that fails in SQL is answered. */
export const UNSTORABLE_MESSAGE = 'This message holds a value that cannot be stored';

export { isDataError } from '../../db/group-commit.ts';

const keyOf = (senderId: number, clientId: string) => `${senderId}:${clientId}`;

/**
 * Stores a batch inside one transaction; outcomes in the order of `items`. The common case costs two statements
 * (insert, unread counters); only skipped rows cost the lookups that say why they were skipped. Videos and voice
 * notes cost a lookup of their files, videos a lock of their senders' rows and the allowance (chat.media.ts).
 */
export async function storeBatch(db: repo.Executor, given: repo.NewMessage[], now: Date): Promise<ChartOutcome[]> {
  const outcomes: (ChartOutcome | undefined)[] = new Array(given.length);
  const { items, refused } = await resolveMedia(db, given);
  for (const [n, error] of refused) outcomes[n] = { kind: 'refused', error };
  const wanted = items.flatMap((item, n) => (refused.has(n) ? [] : [{ item, n }]));
  const wallets = await lockVideoSenders(
    db,
    wanted.flatMap(({ item }) => (item.type === MessageType.video ? [item.senderId] : [])),
    now,
  );
  const inserted = new Map(
    (
      await repo.insertMessages(
        db,
        wanted.map((w) => w.item),
        now,
      )
    ).map((r) => [keyOf(r.sender_id, r.client_id), r]),
  );
  const claimed = new Map<string, DomainError | undefined>();
  const received = new Map<number, number>();
  const skipped: number[] = [];
  const takenBack: number[] = [];
  const charges: { userId: number; messageId: number }[] = [];
  for (const { item: i, n } of wanted) {
    const key = keyOf(i.senderId, i.clientId);
    const row = inserted.get(key);
    // The first item of a clientId owns the new row; a repeat inside the same batch is a duplicate (or refused with it).
    if (!row || claimed.has(key)) {
      const refusal = claimed.get(key);
      if (refusal) outcomes[n] = { kind: 'refused', error: refusal };
      else skipped.push(n);
      continue;
    }
    const id = Number(row.id);
    const refusal = i.type === MessageType.video ? spendVideo(wallets.get(i.senderId)) : undefined;
    claimed.set(key, refusal);
    if (refusal) {
      takenBack.push(id);
      outcomes[n] = { kind: 'refused', error: refusal };
      continue;
    }
    if (i.type === MessageType.video && !wallets.get(i.senderId)!.unlimited)
      charges.push({ userId: i.senderId, messageId: id });
    received.set(i.toId, (received.get(i.toId) ?? 0) + 1);
    const message: Message = {
      id,
      clientId: i.clientId,
      senderId: i.senderId,
      toId: i.toId,
      type: i.type as Message['type'],
      msg: i.msg,
      lang: i.lang,
      createdAt: now.toISOString(),
      readAt: null,
      translations: i.translations ?? {},
      ...(i.media ? { media: i.media as Media } : {}),
    };
    outcomes[n] = { kind: 'stored', message, unreadAll: 0 };
  }
  await repo.deleteMessages(db, takenBack);
  await recordVideoCharges(db, charges, wallets, now);
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
  return createGroupCommit<repo.NewMessage, ChartOutcome>({
    db: options.db,
    store: (trx, items) => storeBatch(trx, items, options.now()),
    unstorable: () => ({ kind: 'refused', error: invalid(UNSTORABLE_MESSAGE) }),
    lingerMs: options.lingerMs,
    maxBatch: options.maxBatch,
    onError: options.onError,
    name: 'chat writer',
  });
}

export interface SystemMessageInput {
  senderId: number;
  toId: number;
  /** 3-7: gifts and balance changes; 1: a staff notice in the receiver's language (docs/api.md, Staff). */
  type: 1 | 3 | 4 | 5 | 6 | 7;
  msg: string;
  /** The language of a text (type 1) notice. */
  lang?: string;
}

/**
 * Server-written messages (gifts, balance changes), stored in one statement in the caller's executor so they commit
 * or roll back with the purchase; in the order given. Outside a transaction they are delivered at once; inside one,
 * call each `deliver()` after the commit. A member that does not exist: 404, nothing stored.
 */
export async function sendSystemMessages(
  ctx: AppContext,
  db: repo.Executor,
  inputs: SystemMessageInput[],
): Promise<{ message: Message; deliver: () => void }[]> {
  if (inputs.length === 0) return [];
  const items = inputs.map((input) => ({ clientId: randomUUID(), lang: '', ...input }));
  const inserted = await repo.insertSystemMessages(db, items, ctx.now());
  const rows = new Map(inserted.rows.map((r) => [r.client_id, r]));
  if (rows.size !== items.length) throw noSuchMember();
  const received = new Map<number, number>();
  for (const i of items) if (i.senderId !== i.toId) received.set(i.toId, (received.get(i.toId) ?? 0) + 1);
  // Members who only noted something to themselves keep the total the insert found; receivers get the new one.
  const unread = new Map([...inserted.unread, ...(await repo.addUnread(db, received))]);
  return items.map((i) => {
    const message = toMessage(rows.get(i.clientId)!);
    let delivered = false;
    const deliver = () => {
      if (delivered) return;
      delivered = true;
      publishMessage(ctx, message, unread.get(message.toId) ?? 0);
    };
    if (!db.isTransaction) deliver();
    return { message, deliver };
  });
}

/** One server-written message: sendSystemMessages of one. */
export async function sendSystemMessage(
  ctx: AppContext,
  db: repo.Executor,
  input: SystemMessageInput,
): Promise<{ message: Message; deliver: () => void }> {
  return (await sendSystemMessages(ctx, db, [input]))[0]!;
}

/** The receipt of a message's delivery to its receiver (hub.delivered). */
export const receiptOf = (message: Message) => `chart:${message.id}`;

/**
 * A stored message to every socket of its receiver, with the receiver's unread total, and of its sender (other tabs
 * see it; the ack). A note to oneself (type 7 balance change) goes out once, with the unread total.
 * NOTE: the receiver's copy goes first: on one bus link (Redis) the sender's ack then never arrives without it, so a
 * sender without an ack (its instance died) resends, and a sender with one knows the message went out.
 */
export function publishMessage(ctx: AppContext, message: Message, unreadAll: number): void {
  ctx.hub.publish(
    message.toId,
    { action: 'chart', code: Code.ok, data: { ...message, unreadAll } },
    receiptOf(message),
  );
  if (message.senderId !== message.toId)
    ctx.hub.publish(message.senderId, { action: 'chart', code: Code.ok, data: message });
}
