/** Pure chat rules: row → wire Message, what a member may send, and the history query's bounds. */
import { z } from 'zod';
import { type ChartFrame, type Media, type Message, MessageType } from '#protocol/chat.ts';
import { isOwnMediaUrl } from '#protocol/media.ts';
import { idText, isOwnUploadUrl, MAX_SAFE_ID, optionalQuery, wholeNumberText } from '#protocol/validators.ts';
import { invalid } from '../../domain/errors.ts';
import { parseInput } from '../../domain/parse.ts';

export const BLOCKED_MESSAGE = 'You have been blocked';
export const NO_SUCH_MEMBER = 'No such member';
export const HISTORY_DEFAULT_SIZE = 30;
export const HISTORY_MAX_SIZE = 100;

export interface MessageRowLike {
  id: string | number;
  client_id: string;
  sender_id: number;
  to_id: number;
  type: number;
  msg: string;
  lang: string;
  created_at: Date | string;
  read_at: Date | string | null;
  translations: Record<string, string> | string | null;
  media?: Media | string | null;
}

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

export function toMessage(row: MessageRowLike): Message {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    senderId: row.sender_id,
    toId: row.to_id,
    type: row.type as MessageType,
    msg: row.msg,
    lang: row.lang,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
    // Raw SQL through unnest() returns jsonb already parsed by pg; be lenient if a driver hands over text.
    translations: typeof row.translations === 'string' ? JSON.parse(row.translations) : (row.translations ?? {}),
    ...(row.media ? { media: typeof row.media === 'string' ? (JSON.parse(row.media) as Media) : row.media } : {}),
  };
}

/** What the schema cannot know: who is sending. Throws the member-facing refusal. */
export function checkChart(senderId: number, frame: ChartFrame): void {
  if (frame.toId === senderId) throw invalid('toId: you cannot send a message to yourself');
  if (frame.type === MessageType.image && !isOwnUploadUrl(frame.msg)) {
    throw invalid('msg: an image message must carry the URL of an uploaded image');
  }
  if (frame.type === MessageType.video && !isOwnMediaUrl(frame.msg, 'video')) {
    throw invalid('msg: a video message must carry the URL of a video uploaded here');
  }
  if (frame.type === MessageType.voice && !isOwnMediaUrl(frame.msg, 'voice')) {
    throw invalid('msg: a voice message must carry the URL of a voice note uploaded here');
  }
}

const historyQuery = z.object({
  before: optionalQuery(idText('before', 'a message id', MAX_SAFE_ID)),
  size: optionalQuery(wholeNumberText('size', 1, HISTORY_MAX_SIZE)),
});

/** Query of GET /api/chat/history/{peerId}; empty values are absent (docs/product.md, Validation). */
export function parseHistoryQuery(query: { before?: unknown; size?: unknown }): { before?: number; size: number } {
  const { before, size } = parseInput(historyQuery, query);
  return before === undefined ? { size: size ?? HISTORY_DEFAULT_SIZE } : { before, size: size ?? HISTORY_DEFAULT_SIZE };
}

/** The two ends of a pair in index order (messages_pair_idx). */
export function pairKey(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}
