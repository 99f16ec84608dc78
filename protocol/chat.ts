/**
 * Chat over the WebSocket and REST (docs/api.md, Chat over REST and WebSocket): message shapes, message types and frame
 * unions in both directions. Zod-free on purpose: the client imports it in the first load; the zod schemas the server
 * checks incoming frames with are in chat-schemas.ts.
 */
import type { ChartFrame } from './chat-schemas.ts';
import type { MomentPhoto } from './moment.ts';
import type { TranslationBalance, TransPreview, TransResult } from './translation.ts';

export type { ChartFrame };

export const MessageType = {
  text: 1,
  image: 2,
  characterGift: 3,
  goldGift: 4,
  vipGift: 5,
  seniorGift: 6,
  balanceChanged: 7,
  /** `msg` the video's URL, `media` its cover, duration, size and picture size; uses a free video of the month. */
  video: 8,
  /** `msg` the voice note's URL, `media` its duration and size; free for everyone. */
  voice: 9,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** Types 3-7 are written by the server and make the receiving client refresh user info (docs/product.md, Messages). */
export function refreshesUserInfo(type: number): boolean {
  return type >= MessageType.characterGift && type <= MessageType.balanceChanged;
}

/**
 * What a video or voice message carries beside its URL (docs/api.md, Chat: types 8 and 9). `duration` (seconds) and
 * `size` (bytes) are the server's, read from the stored file; `cover` (an uploaded JPEG), `width` and `height` come
 * with the video; `peaks` is the voice note's waveform as the sender's browser computed it (0-100 each).
 */
export interface Media {
  duration: number;
  size: number;
  cover?: string;
  width?: number;
  height?: number;
  peaks?: number[];
}

/** A video or voice message: the types that carry `media`. */
export function isMediaType(type: number): type is 8 | 9 {
  return type === MessageType.video || type === MessageType.voice;
}

export interface Message {
  id: number;
  clientId: string;
  senderId: number;
  toId: number;
  type: MessageType;
  msg: string;
  lang: string;
  createdAt: string;
  readAt: string | null;
  translations: Record<string, string>;
  /** Types 8 and 9 only. */
  media?: Media;
  /**
   * Type 2 in history (added): the stored photo as moments give theirs (MomentPhoto: size, ThumbHash, responsive
   * WebP and JPEG sources for `srcset`); absent when `msg` names no photo we stored.
   */
  photo?: MomentPhoto;
}

export const WS_MAX_FRAME_BYTES = 64 * 1024;
/** A socket that sends nothing (no ping) for this long is closed by the server. */
export const WS_IDLE_CLOSE_MS = 90_000;

export type ClientFrame =
  | { action: 'chart'; data: ChartFrame }
  | { action: 'read'; data: { senderId: number } }
  | { action: 'block'; data: { receiverId: number; block: boolean } }
  | { action: 'trans'; data: { msgId: number; lang: string } }
  | { action: 'transPreview'; data: { msgId: number; lang: string } | { text: string; lang: string; from?: string } }
  | { action: 'transText'; data: { text: string; lang: string; from?: string } }
  | { action: 'ping'; data?: Record<string, never> }
  | { action: 'unreadAll'; data?: undefined };

export type ServerFrame =
  | { action: 'chart'; code?: 200; data: Message & { unreadAll?: number } }
  | { action: 'read'; code?: 200; data: { readerId: number; readAt: string } }
  | { action: 'block'; code?: 200; data: { receiverId: number; block: boolean } }
  | { action: 'trans'; code?: 200; data: TransResult }
  | { action: 'transPreview'; code?: 200; data: TransPreview }
  | { action: 'transText'; code?: 200; data: TranslationBalance & { lang: string; text: string; charged: number } }
  | { action: 'pong'; code?: 200; data?: null }
  | { action: 'unreadAll'; code?: 200; data: number }
  | { action?: string; code: number; message: string; data?: unknown };

export const CLIENT_ACTIONS = [
  'chart',
  'read',
  'block',
  'trans',
  'transPreview',
  'transText',
  'ping',
  'unreadAll',
] as const;
