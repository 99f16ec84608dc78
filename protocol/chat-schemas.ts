/**
 * The zod schemas the server checks incoming chat frames with (docs/api.md, WebSocket). Apart from chat.ts so that the
 * client, which only needs the types and message types, never loads zod through it.
 */
import { z } from 'zod';
import { MessageType } from './chat.ts';
import { LIMITS } from './constants.ts';
import { dbId as id, isNonEmpty, safeText } from './validators.ts';

export const chartFrame = z.object({
  toId: id('toId'),
  type: z.union([z.literal(MessageType.text), z.literal(MessageType.image)], {
    error: 'type must be 1 (text) or 2 (image)',
  }),
  msg: safeText('msg', LIMITS.chatMessage).refine(isNonEmpty, { error: 'msg must not be empty' }),
  /** The language of `msg` as the client sends it (its UI locale or the member's language). */
  lang: safeText('lang', 16).default(''),
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
});
export type ChartFrame = z.infer<typeof chartFrame>;

export const readFrame = z.object({ senderId: id('senderId') });
export const blockFrame = z.object({
  receiverId: id('receiverId'),
  block: z.boolean({ error: 'block must be true or false' }),
});
