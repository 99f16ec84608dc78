/**
 * The zod schemas the server checks incoming chat frames with (docs/api.md, WebSocket). Apart from chat.ts so that the
 * client, which only needs the types and message types, never loads zod through it.
 */
import { z } from 'zod';
import { MessageType } from './chat.ts';
import { LIMITS } from './constants.ts';

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
