/** Chat use cases behind the socket frames and the REST reads; fan-out goes through ctx.hub only. */
import { type ChartFrame, type Message, MessageType } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../domain/errors.ts';
import { blobsByKeys } from '../files/files.repository.ts';
import { keyOfUrl, toPhoto } from '../moments/moments.rules.ts';
import * as users from '../users/users.repository.ts';
import { noSuchMember } from '../users/users.rules.ts';
import * as repo from './chat.repository.ts';
import { checkChart, pairKey, parseHistoryQuery, toMessage } from './chat.rules.ts';
import { publishMessage, receiptOf } from './chat.writer.ts';

/**
 * A member's chat message: validated, stored with its batch, then acked to every socket of the sender (other tabs
 * see it) and delivered to every socket of the receiver. Refusals throw DomainError for the socket to answer.
 * NOTE: nothing may be awaited before `submit`, so one socket's messages keep their order in the batch.
 */
export async function sendChart(ctx: AppContext, senderId: number, frame: ChartFrame): Promise<void> {
  checkChart(senderId, frame);
  const outcome = await ctx.chatWriter.submit({
    // UUIDs come back from the database in lower case; compare them that way.
    clientId: frame.clientId.toLowerCase(),
    senderId,
    toId: frame.toId,
    type: frame.type,
    msg: frame.msg,
    lang: frame.lang,
    translations: frame.translations,
    media: frame.media,
  });
  if (outcome.kind === 'refused') throw outcome.error;
  if (outcome.kind === 'stored') return publishMessage(ctx, outcome.message, outcome.unreadAll);
  // A duplicate was delivered when it was stored: only the sender's tabs hear of it again. Unless the instance that
  // stored it died before publishing it (several instances): then the receiver hears of it now, once.
  if (!(await ctx.hub.delivered(receiptOf(outcome.message)))) {
    publishMessage(ctx, outcome.message, await unreadTotal(ctx, outcome.message.toId));
  } else ctx.hub.publish(senderId, { action: 'chart', code: Code.ok, data: outcome.message });
}

export { type SystemMessageInput, sendSystemMessage } from './chat.writer.ts';

/** `read`: the reader's sockets learn the new total; the sender's sockets get the receipt if anything changed. */
export async function markRead(ctx: AppContext, readerId: number, senderId: number): Promise<void> {
  if (senderId === readerId) throw invalid('senderId: you cannot read your own messages');
  const readAt = ctx.now();
  const { marked, unread } = await ctx.db
    .transaction()
    .execute((trx) => repo.markRead(trx, readerId, senderId, readAt));
  ctx.hub.publish(readerId, { action: 'unreadAll', code: Code.ok, data: unread });
  if (marked > 0) {
    ctx.hub.publish(senderId, { action: 'read', code: Code.ok, data: { readerId, readAt: readAt.toISOString() } });
  }
}

/** `block`: the blocker's sockets all get the ack, so every tab shows the new state. */
export async function setBlock(ctx: AppContext, blockerId: number, receiverId: number, block: boolean): Promise<void> {
  if (receiverId === blockerId) throw invalid('receiverId: you cannot block yourself');
  if (!(await users.userExists(ctx.db, receiverId))) throw noSuchMember();
  if (block) await repo.addBlock(ctx.db, blockerId, receiverId);
  else await repo.removeBlock(ctx.db, blockerId, receiverId);
  ctx.hub.publish(blockerId, { action: 'block', code: Code.ok, data: { receiverId, block } });
}

export function unreadTotal(ctx: AppContext, userId: number): Promise<number> {
  return repo.getUnread(ctx.db, userId);
}

async function baseUsers(ctx: AppContext, ids: number[]): Promise<Map<number, BaseUser>> {
  const list = await users.baseUsersOf(ctx.db, await users.findUsersByIds(ctx.db, ids), ctx.now());
  return new Map(list.map((u) => [u.id, u]));
}

export async function conversations(
  ctx: AppContext,
  me: number,
): Promise<{ peer: BaseUser; last: Message; unread: number }[]> {
  const rows = await repo.findConversations(ctx.db, me);
  const peers = await baseUsers(
    ctx,
    rows.map((r) => r.peer_id),
  );
  return rows.flatMap((r) => {
    const peer = peers.get(r.peer_id);
    return peer ? [{ peer, last: toMessage(r), unread: r.unread }] : [];
  });
}

export async function history(
  ctx: AppContext,
  me: number,
  peerId: number,
  query: { before?: unknown; size?: unknown },
): Promise<Message[]> {
  const { before, size } = parseHistoryQuery(query);
  const [lo, hi] = pairKey(me, peerId);
  const rows = await repo.findHistory(ctx.db, lo, hi, before, size);
  return withPhotos(ctx, rows.reverse().map(toMessage));
}

/** Photo messages get their stored size, ThumbHash and responsive sizes, as moments' photos do (docs/api.md). */
async function withPhotos(ctx: AppContext, messages: Message[]): Promise<Message[]> {
  const keyOf = (m: Message) => (m.type === MessageType.image ? keyOfUrl(m.msg) : undefined);
  const keys = [...new Set(messages.map(keyOf).filter((k) => k !== undefined))];
  if (keys.length === 0) return messages;
  const blobs = await blobsByKeys(ctx.db, keys);
  const urlOf = (key: string) => `/uploads/${key}`;
  return messages.map((m) => {
    const blob = blobs.get(keyOf(m) ?? '');
    return blob ? { ...m, photo: toPhoto({ url: m.msg, alt: '' }, blob, urlOf) } : m;
  });
}

export async function blockList(ctx: AppContext, me: number): Promise<BaseUser[]> {
  return users.baseUsersOf(ctx.db, await repo.findBlockedUsers(ctx.db, me), ctx.now());
}
