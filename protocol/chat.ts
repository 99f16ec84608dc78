/**
 * Chat over the WebSocket and REST (api.md "Chat over REST", "WebSocket"): message shapes, frame unions in both
 * directions and the zod schemas the server checks incoming frames with.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Bumped when a frame changes shape incompatibly. */
export const PROTOCOL_VERSION = 1;

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

/** Types 3-7 are written by the server and make the receiving client refresh user info (spec 4). */
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

const id = (field: string) =>
  z
    .number({ error: `${field} must be a user id` })
    .int({ error: `${field} must be a user id` })
    .positive({ error: `${field} must be a user id` });

export const chartFrame = z.object({
  toId: id('toId'),
  type: z.union([z.literal(MessageType.text), z.literal(MessageType.image)], {
    error: 'type must be 1 (text) or 2 (image)',
  }),
  msg: z
    .string({ error: 'msg must be a string' })
    .max(LIMITS.chatMessage, { error: `msg must be at most ${LIMITS.chatMessage} characters` })
    .refine((v) => /\S/.test(v), { error: 'msg must not be empty' }),
  lang: z
    .string({ error: 'lang must be a string' })
    .max(16, { error: 'lang must be at most 16 characters' })
    .default(''),
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
});
export type ChartFrame = z.infer<typeof chartFrame>;

export const readFrame = z.object({ senderId: id('senderId') });
export const blockFrame = z.object({
  receiverId: id('receiverId'),
  block: z.boolean({ error: 'block must be true or false' }),
});
export const transFrame = z.object({
  msgId: id('msgId'),
  lang: z.string({ error: 'lang must be a string' }).min(2).max(16),
});

export type ClientFrame =
  | { action: 'chart'; data: ChartFrame }
  | { action: 'read'; data: { senderId: number } }
  | { action: 'block'; data: { receiverId: number; block: boolean } }
  | { action: 'trans'; data: { msgId: number; lang: string } }
  | { action: 'ping'; data?: Record<string, never> }
  | { action: 'unreadAll'; data?: undefined };

export type ServerFrame =
  | { action: 'chart'; code?: 200; data: Message & { unreadAll?: number } }
  | { action: 'read'; code?: 200; data: { readerId: number; readAt: string } }
  | { action: 'block'; code?: 200; data: { receiverId: number; block: boolean } }
  | { action: 'trans'; code?: 200; data: { msgId: number; lang: string; text: string; characterCount: number } }
  | { action: 'pong'; code?: 200; data?: null }
  | { action: 'unreadAll'; code?: 200; data: number }
  | { action?: string; code: number; message: string; data?: unknown };

export const CLIENT_ACTIONS = ['chart', 'read', 'block', 'trans', 'ping', 'unreadAll'] as const;
