/**
 * Chat over the WebSocket and REST (docs/api.md, Chat over REST and WebSocket): message shapes, message types and frame
 * unions in both directions. Zod-free on purpose: the client imports it in the first load; the zod schemas the server
 * checks incoming frames with are in chat-schemas.ts.
 */
import type { ChartFrame } from './chat-schemas.ts';
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
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** Types 3-7 are written by the server and make the receiving client refresh user info (docs/product.md, Messages). */
export function refreshesUserInfo(type: number): boolean {
  return type >= MessageType.characterGift && type <= MessageType.balanceChanged;
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
