/**
 * Pure chat rules: how messages, acks, read receipts and conversations combine. Everything here is idempotent so a
 * frame that arrives twice (reconnect, REST refetch racing the socket) changes nothing the second time.
 */
import { type Message, MessageType } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';

export interface Conversation {
  peer: BaseUser;
  last: Message | null;
  unread: number;
}

const order = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

const sameMessage = (a: Message, b: Message) =>
  a.id === b.id || (Boolean(a.clientId) && a.clientId === b.clientId && a.senderId === b.senderId);

/** Adds or replaces by id and by (sender, clientId); keeps a known readAt; oldest first. */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const out = [...existing];
  let changed = false;
  for (const m of incoming) {
    const at = out.findIndex((e) => sameMessage(e, m));
    if (at < 0) {
      out.push(m);
      changed = true;
      continue;
    }
    const prev = out[at]!;
    // Translations only grow: a page fetched before one was made must not drop it.
    const translations = prev.translations || m.translations ? { ...prev.translations, ...m.translations } : undefined;
    const next = { ...prev, ...m, readAt: m.readAt ?? prev.readAt, ...(translations ? { translations } : {}) };
    if (JSON.stringify(next) !== JSON.stringify(prev)) {
      out[at] = next;
      changed = true;
    }
  }
  return changed ? out.sort(order) : (existing as Message[]);
}

/** The peer read my messages up to `readAt`: every one of mine to them without a readAt gets it. */
export function applyRead(messages: readonly Message[], me: number, readerId: number, readAt: string): Message[] {
  let changed = false;
  const out = messages.map((m) => {
    if (m.senderId !== me || m.toId !== readerId || m.readAt || m.createdAt > readAt) return m;
    changed = true;
    return { ...m, readAt };
  });
  return changed ? out : (messages as Message[]);
}

export function peerOf(message: Pick<Message, 'senderId' | 'toId'>, me: number): number {
  return message.senderId === me ? message.toId : message.senderId;
}

/**
 * Puts `message` as the conversation's last (newest first list). Unread grows only for a message from the peer that
 * is new to us and not being read right now.
 */
export function upsertConversation(
  list: readonly Conversation[],
  peer: BaseUser,
  message: Message,
  options: { me: number; countUnread: boolean },
): Conversation[] {
  const at = list.findIndex((c) => c.peer.id === peer.id);
  const prev = at >= 0 ? list[at]! : { peer, last: null, unread: 0 };
  if (prev.last && (sameMessage(prev.last, message) || order(prev.last, message) > 0)) {
    // Older or the same message: at most refresh its fields (readAt), never reorder or recount.
    if (!sameMessage(prev.last, message)) return list as Conversation[];
    const next = [...list];
    next[at] = { ...prev, last: { ...prev.last, ...message, readAt: message.readAt ?? prev.last.readAt } };
    return next;
  }
  const fromPeer = message.senderId !== options.me;
  const unread = prev.unread + (fromPeer && options.countUnread ? 1 : 0);
  const rest = list.filter((c) => c.peer.id !== peer.id);
  return [{ peer: prev.peer ?? peer, last: message, unread }, ...rest];
}

export function setConversationRead(list: readonly Conversation[], peerId: number): Conversation[] {
  const at = list.findIndex((c) => c.peer.id === peerId);
  if (at < 0 || list[at]!.unread === 0) return list as Conversation[];
  const next = [...list];
  next[at] = { ...list[at]!, unread: 0 };
  return next;
}

/** Read receipts also reach the list preview (its tick). */
export function applyReadToConversations(
  list: readonly Conversation[],
  me: number,
  readerId: number,
  readAt: string,
): Conversation[] {
  return list.map((c) => {
    if (c.peer.id !== readerId || !c.last) return c;
    const [last] = applyRead([c.last], me, readerId, readAt);
    return last === c.last ? c : { ...c, last: last! };
  });
}

export type PreviewKind = 'text' | 'photo' | 'gift' | 'balance';

export function previewKind(type: number): PreviewKind {
  if (type === MessageType.image) return 'photo';
  if (type === MessageType.balanceChanged) return 'balance';
  if (type >= MessageType.characterGift && type <= MessageType.seniorGift) return 'gift';
  return 'text';
}
