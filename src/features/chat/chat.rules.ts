/**
 * Pure chat rules: how messages, acks, read receipts and conversations combine. Everything here is idempotent so a
 * frame that arrives twice (reconnect, REST refetch racing the socket) changes nothing the second time.
 */
import { type Message, MessageType } from '#protocol/chat.ts';
import { UPLOAD } from '#protocol/constants.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { OutboxRecord } from './outbox.rules.ts';

export interface Conversation {
  peer: BaseUser;
  last: Message | null;
  unread: number;
}

/** What the member sees on a bubble of their own. */
export type DeliveryState = 'queued' | 'sending' | 'sent' | 'read' | 'failed';

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
    const next = { ...prev, ...m, readAt: m.readAt ?? prev.readAt };
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

export function deliveryOf(message: Message): DeliveryState {
  return message.readAt ? 'read' : 'sent';
}

export type TimelineItem =
  | { kind: 'day'; key: string; day: string }
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'pending'; key: string; record: OutboxRecord };

/** Local calendar day, 'YYYY-MM-DD': separators follow the reader's clock, not UTC. */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Stored messages plus my pending ones for a peer, oldest first, with a day separator where the day changes.
 * A pending record whose clientId is already stored is the same message: the stored one wins.
 */
export function buildTimeline(messages: readonly Message[], pending: readonly OutboxRecord[]): TimelineItem[] {
  const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
  type Entry = { at: string; item: TimelineItem };
  const entries: Entry[] = messages.map((m) => ({
    at: m.createdAt,
    item: { kind: 'message', key: `m${m.id}`, message: m },
  }));
  for (const r of pending) {
    if (!stored.has(r.clientId))
      entries.push({ at: r.createdAt, item: { kind: 'pending', key: r.clientId, record: r } });
  }
  // Pending ones stay after stored ones of the same instant: they were typed last.
  entries.sort((a, b) => a.at.localeCompare(b.at));
  const out: TimelineItem[] = [];
  let lastDay = '';
  for (const e of entries) {
    const day = dayOf(e.at);
    if (day !== lastDay) out.push({ kind: 'day', key: `d${day}`, day });
    lastDay = day;
    out.push(e.item);
  }
  return out;
}

export type PreviewKind = 'text' | 'photo' | 'gift' | 'balance';

export function previewKind(type: number): PreviewKind {
  if (type === MessageType.image) return 'photo';
  if (type === MessageType.balanceChanged) return 'balance';
  if (type >= MessageType.characterGift && type <= MessageType.seniorGift) return 'gift';
  return 'text';
}

/** A text is sendable only with a non-whitespace character (docs/product.md, Validation) and within the limit. */
export function canSendText(text: string, limit: number): boolean {
  return /\S/.test(text) && text.length <= limit;
}

export type ImageProblem = { kind: 'not-image' } | { kind: 'too-large'; maxBytes: number } | null;

/** Spec 5, 8: only jpeg or png, at most 5 MiB in the uploader. The server checks the content again. */
export function checkImage(file: Pick<File, 'type' | 'size'>, maxBytes: number = UPLOAD.maxBytes): ImageProblem {
  if (!(UPLOAD.imageTypes as readonly string[]).includes(file.type)) return { kind: 'not-image' };
  if (file.size > maxBytes) return { kind: 'too-large', maxBytes };
  return null;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB` : `${Math.round(bytes / 1024)}KB`;
}
