/** Pure rules of Web Push: what a frame or a social action is worth telling, the payload, and when to try again. */
import type { ServerFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import { MAX_PUSH_PAYLOAD_BYTES, PUSH_TEXT_MAX_CHARS, type PushEvent, type PushPayload } from '#protocol/push.ts';

/** Something a member may be told about with the app closed: who did it to whom. */
export interface MemberEvent {
  event: PushEvent;
  fromId: number;
  toId: number;
  msgId?: number;
  msgType?: number;
  /** The message's own words (type 1 only). */
  text?: string;
  unread?: number;
}

/** Gifts of characters, gold and memberships (docs/api.md, Chat over REST: message types 3-6). */
const GIFT_TYPES = new Set([3, 4, 5, 6]);
const TEXT_TYPE = 1;

/**
 * The event in a frame published to `userId`: a message or gift someone else sent them. Their own messages echoed
 * to their other tabs, notes to oneself (type 7), refusals and every other frame are none.
 */
export function eventOfFrame(userId: number, frame: ServerFrame): MemberEvent | undefined {
  if (frame.action !== 'chart' || (frame.code !== undefined && frame.code !== Code.ok)) return undefined;
  const message = frame.data as { id?: unknown; senderId?: unknown; toId?: unknown; type?: unknown; msg?: unknown };
  if (message.toId !== userId || message.senderId === userId || typeof message.senderId !== 'number') return undefined;
  const type = typeof message.type === 'number' ? message.type : TEXT_TYPE;
  if (type === 7) return undefined;
  const unread = (frame.data as { unreadAll?: unknown }).unreadAll;
  return {
    event: GIFT_TYPES.has(type) ? 'gift' : 'message',
    fromId: message.senderId,
    toId: userId,
    msgId: typeof message.id === 'number' ? message.id : undefined,
    msgType: type,
    text: type === TEXT_TYPE && typeof message.msg === 'string' ? message.msg : undefined,
    unread: typeof unread === 'number' ? unread : undefined,
  };
}

/** A message waits for nobody; a like, a visit or a gift can wait for the phone's next wake-up. */
export const urgencyOf = (event: PushEvent): 'high' | 'normal' => (event === 'message' ? 'high' : 'normal');

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Cuts at a character boundary (never inside a surrogate pair) and marks the cut. */
function cut(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars - 1).join('')}…`;
}

/** The JSON the device receives, never more than MAX_PUSH_PAYLOAD_BYTES: the text shrinks first, then the names. */
export function pushPayload(event: MemberEvent, from: { name: string; avatar: string }): string {
  const payload: PushPayload = {
    event: event.event,
    from: { id: event.fromId, name: cut(from.name, 64), avatar: from.avatar.length <= 512 ? from.avatar : '' },
    ...(event.msgId === undefined ? {} : { msgId: event.msgId }),
    ...(event.msgType === undefined ? {} : { msgType: event.msgType }),
    ...(event.text === undefined ? {} : { text: cut(event.text, PUSH_TEXT_MAX_CHARS) }),
    ...(event.unread === undefined ? {} : { unread: event.unread }),
  };
  let json = JSON.stringify(payload);
  // Escaped control characters can grow a text sixfold: shrink until it fits.
  while (bytes(json) > MAX_PUSH_PAYLOAD_BYTES && payload.text) {
    payload.text = cut(payload.text, Math.floor(Array.from(payload.text).length / 2));
    json = JSON.stringify(payload);
  }
  return json;
}

/** What to do after a push service answered `status` (or, as undefined, could not be reached). */
export function outcomeOf(status: number | undefined): 'delivered' | 'gone' | 'retry' | 'drop' {
  if (status === undefined || status === 429 || status >= 500) return 'retry';
  if (status === 404 || status === 410) return 'gone';
  if (status >= 200 && status < 300) return 'delivered';
  // 400, 401, 403, 413: sending the same push again gets the same answer.
  return 'drop';
}

/** Waits before the 2nd, 3rd and 4th attempt; nothing is tried after them. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const;

/** A like or a visit from the same member is told once in this long, however often they click. */
export const SOCIAL_PUSH_GAP_MS = 6 * 60 * 60 * 1000;
