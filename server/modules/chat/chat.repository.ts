/** SQL of chat: batched message inserts, unread counters, read marks, blocks, conversations and history. */
import { sql, type Transaction } from 'kysely';
import type { Media } from '#protocol/chat.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { MessageRowLike } from './chat.rules.ts';

export type Executor = Db | Transaction<Database>;

export interface NewMessage {
  clientId: string;
  senderId: number;
  toId: number;
  type: number;
  msg: string;
  lang: string;
  /** The sender's own translations of `msg`, by locale (docs/api.md, Translation: send in another language). */
  translations?: Record<string, string> | undefined;
  /** Types 8 and 9: what the sender's frame gave (cover, picture size, waveform), completed from the stored file. */
  media?: Partial<Media> | undefined;
}

const MESSAGE_COLUMNS = sql`id, client_id, sender_id, to_id, type, msg, lang, created_at, read_at, translations, media`;

/** Either side having blocked the other stops a message (docs/api.md, WebSocket: 'You have been blocked'). */
// Two probes of the primary key; one OR-ed probe plans worse (measured on PGlite).
const blockedBetween = (sender: ReturnType<typeof sql.ref>, to: ReturnType<typeof sql.ref>) =>
  sql`(exists (select 1 from blocks b where b.blocker_id = ${to} and b.blocked_id = ${sender})
    or exists (select 1 from blocks b where b.blocker_id = ${sender} and b.blocked_id = ${to}))`;

export interface PairState {
  sender_id: number;
  to_id: number;
  known: boolean;
  blocked: boolean;
}

/** For each (sender, receiver): does the receiver exist, and is the pair blocked. One query for many pairs. */
export async function pairStates(db: Executor, senders: number[], receivers: number[]): Promise<PairState[]> {
  if (senders.length === 0) return [];
  const { rows } = await sql<PairState>`
    select p.sender_id, p.to_id,
      exists (select 1 from users u where u.id = p.to_id) as known,
      ${blockedBetween(sql.ref('p.sender_id'), sql.ref('p.to_id'))} as blocked
    from unnest(${senders}::int[], ${receivers}::int[]) as p(sender_id, to_id)`.execute(db);
  return rows;
}

/**
 * One multi-row insert for a batch (group commit). Skipped, for the caller to explain: a (sender, clientId) that
 * exists already, a receiver that does not exist (messages has no foreign keys, see migration 0003), and a blocked
 * pair. Ids follow the batch order. Only the keys come back: the caller knows the rest of each row.
 */
export async function insertMessages(
  db: Executor,
  items: NewMessage[],
  now: Date,
): Promise<{ id: string; sender_id: number; client_id: string }[]> {
  if (items.length === 0) return [];
  const { rows } = await sql<{ id: string; sender_id: number; client_id: string }>`
    insert into messages (client_id, sender_id, to_id, type, msg, lang, translations, media, created_at)
    select u.client_id, u.sender_id, u.to_id, u.type, u.msg, u.lang, u.translations, u.media, ${now}::timestamptz
    from unnest(
      ${items.map((i) => i.clientId)}::uuid[], ${items.map((i) => i.senderId)}::int[],
      ${items.map((i) => i.toId)}::int[], ${items.map((i) => i.type)}::smallint[],
      ${items.map((i) => i.msg)}::text[], ${items.map((i) => i.lang)}::text[],
      ${items.map((i) => JSON.stringify(i.translations ?? {}))}::jsonb[],
      ${items.map((i) => (i.media ? JSON.stringify(i.media) : null))}::jsonb[]
    ) with ordinality as u(client_id, sender_id, to_id, type, msg, lang, translations, media, ord)
    where exists (select 1 from users r where r.id = u.to_id)
      and not ${blockedBetween(sql.ref('u.sender_id'), sql.ref('u.to_id'))}
    order by u.ord
    on conflict (sender_id, client_id) do nothing
    returning id, sender_id, client_id`.execute(db);
  return rows;
}

/** The stored messages of these (sender, clientId) pairs: what a repeated clientId is acked with. */
export async function findByClientIds(db: Executor, senders: number[], clientIds: string[]): Promise<MessageRowLike[]> {
  if (senders.length === 0) return [];
  const { rows } = await sql<MessageRowLike>`
    select ${MESSAGE_COLUMNS} from messages
    where (sender_id, client_id) in (select * from unnest(${senders}::int[], ${clientIds}::uuid[]))`.execute(db);
  return rows;
}

/** Takes back rows of this transaction's batch (a video over its sender's allowance): nothing stays stored. */
export async function deleteMessages(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await sql`delete from messages where id = any(${ids}::bigint[])`.execute(db);
}

/** Adds to members' unread totals; ids sorted so concurrent batches lock rows in one order (no deadlock). */
export async function addUnread(db: Executor, counts: Map<number, number>): Promise<Map<number, number>> {
  const ids = [...counts.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ user_id: number; n: number }>`
    insert into chat_unread (user_id, n)
    select * from unnest(${ids}::int[], ${ids.map((id) => counts.get(id)!)}::int[]) order by 1
    on conflict (user_id) do update set n = chat_unread.n + excluded.n
    returning user_id, n`.execute(db);
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

export async function getUnreads(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_unread')
    .select(['user_id', 'n'])
    .where(sql<boolean>`user_id = any(${userIds}::int[])`)
    .execute();
  const stored = new Map(rows.map((r) => [r.user_id, r.n]));
  return new Map(userIds.map((id) => [id, stored.get(id) ?? 0]));
}

export async function getUnread(db: Executor, userId: number): Promise<number> {
  return (await getUnreads(db, [userId])).get(userId) ?? 0;
}

/** Marks what `senderId` sent to `readerId` as read and lowers the reader's total; answers the new total. */
export async function markRead(
  db: Transaction<Database>,
  readerId: number,
  senderId: number,
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const marked = await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('to_id', '=', readerId)
    .where('sender_id', '=', senderId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  const count = Number(marked.numUpdatedRows);
  if (count > 0) {
    // greatest(): a counter that drifted must never make reading fail on the check constraint.
    await sql`update chat_unread set n = greatest(n - ${count}, 0) where user_id = ${readerId}`.execute(db);
  }
  return { marked: count, unread: await getUnread(db, readerId) };
}

export async function addBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** Members `blockerId` blocked, most recent first. */
export function findBlockedUsers(db: Executor, blockerId: number) {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .selectAll('users')
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .execute();
}

export type ConversationRow = MessageRowLike & { peer_id: number; unread: number };

/** The newest message with each peer plus how many of theirs are unread, newest conversation first. */
export async function findConversations(db: Executor, me: number): Promise<ConversationRow[]> {
  const { rows } = await sql<ConversationRow>`
    with last as (
      select distinct on (peer_id) *
      from (
        select ${MESSAGE_COLUMNS}, case when sender_id = ${me} then to_id else sender_id end as peer_id
        -- Notes to oneself (type 7, written by commerce) refresh user info; they are no conversation.
        from messages where (sender_id = ${me} or to_id = ${me}) and sender_id <> to_id
      ) mine
      order by peer_id, id desc
    ), unread as (
      select sender_id as peer_id, count(*)::int as n
      from messages where to_id = ${me} and read_at is null group by sender_id
    )
    select last.*, coalesce(unread.n, 0)::int as unread
    from last left join unread on unread.peer_id = last.peer_id
    order by last.id desc`.execute(db);
  return rows;
}

/** A page of a pair's history, newest first (the caller reverses it), strictly older than `before`. */
export async function findHistory(
  db: Executor,
  lo: number,
  hi: number,
  before: number | undefined,
  size: number,
): Promise<MessageRowLike[]> {
  const { rows } = await sql<MessageRowLike>`
    select ${MESSAGE_COLUMNS} from messages
    where least(sender_id, to_id) = ${lo} and greatest(sender_id, to_id) = ${hi}
      ${before === undefined ? sql`` : sql`and id < ${before}`}
    order by least(sender_id, to_id), greatest(sender_id, to_id), id desc
    limit ${size}`.execute(db);
  return rows;
}

/**
 * Server-written messages in one statement (inside the caller's transaction); a message whose sender or receiver
 * does not exist is left out. A member's note to themselves (sender = receiver) is stored already read: `read` on
 * oneself is refused, so it could never be. Only the ids come back, with each receiver's unread total as the
 * statement found it (a note to oneself leaves it as it is): the rest is what was written. A settling batch of 200
 * payments writes 200 notes; reading every column back cost more than writing them.
 */
export async function insertSystemMessages(
  db: Executor,
  items: NewMessage[],
  now: Date,
): Promise<{ rows: MessageRowLike[]; unread: Map<number, number> }> {
  if (items.length === 0) return { rows: [], unread: new Map() };
  const { rows } = await sql<{ id: string; client_id: string; to_id: number; unread: number }>`
    insert into messages (client_id, sender_id, to_id, type, msg, lang, created_at, read_at)
    select u.client_id, u.sender_id, u.to_id, u.type, u.msg, u.lang, ${now}::timestamptz,
      case when u.sender_id = u.to_id then ${now}::timestamptz end
    from unnest(
      ${items.map((i) => i.clientId)}::uuid[], ${items.map((i) => i.senderId)}::int[],
      ${items.map((i) => i.toId)}::int[], ${items.map((i) => i.type)}::smallint[],
      ${items.map((i) => i.msg)}::text[], ${items.map((i) => i.lang)}::text[]
    ) with ordinality as u(client_id, sender_id, to_id, type, msg, lang, ord)
    where exists (select 1 from users s where s.id = u.sender_id) and exists (select 1 from users r where r.id = u.to_id)
    order by u.ord
    returning id, client_id, to_id, coalesce((select c.n from chat_unread c where c.user_id = messages.to_id), 0) as unread`.execute(
    db,
  );
  const ids = new Map(rows.map((r) => [r.client_id, r.id]));
  const stored = items.flatMap((i) => {
    const id = ids.get(i.clientId);
    if (id === undefined) return [];
    const row: MessageRowLike = {
      id,
      client_id: i.clientId,
      sender_id: i.senderId,
      to_id: i.toId,
      type: i.type,
      msg: i.msg,
      lang: i.lang,
      created_at: now,
      read_at: i.senderId === i.toId ? now : null,
      translations: {},
      media: null,
    };
    return [row];
  });
  return { rows: stored, unread: new Map(rows.map((r) => [r.to_id, r.unread])) };
}
