/**
 * The zod schemas the server checks incoming chat frames with (docs/api.md, WebSocket). Apart from chat.ts so that the
 * client, which only needs the types and message types, never loads zod through it.
 */
import { z } from 'zod';
import { MessageType } from './chat.ts';
import { LIMITS, LOCALES } from './constants.ts';
import { toLocale } from './translation.ts';
import { dbId as id, isNonEmpty, safeText } from './validators.ts';

export const chartFrame = z
  .object({
    toId: id('toId'),
    type: z.union([z.literal(MessageType.text), z.literal(MessageType.image)], {
      error: 'type must be 1 (text) or 2 (image)',
    }),
    msg: safeText('msg', LIMITS.chatMessage).refine(isNonEmpty, { error: 'msg must not be empty' }),
    /** The language of `msg` as the client sends it (its UI locale or the member's language). */
    lang: safeText('lang', 16).default(''),
    clientId: z.uuid({ error: 'clientId must be a UUID' }),
    /** Written in one language, sent in another: the member's own translations of a text `msg`, by locale (transText). */
    translations: z
      .record(z.string(), safeText('translations', 2 * LIMITS.chatMessage))
      .optional()
      .transform((given, ctx) => {
        if (given === undefined) return undefined;
        const out: Record<string, string> = {};
        for (const [tag, text] of Object.entries(given)) {
          const locale = toLocale(tag);
          if (!locale)
            ctx.addIssue({
              code: 'custom',
              message: `translations: '${tag.slice(0, 16)}' is not one of ${LOCALES.join(', ')}`,
            });
          else if (!isNonEmpty(text))
            ctx.addIssue({ code: 'custom', message: `translations.${locale} must not be empty` });
          else out[locale] = text;
        }
        if (Object.keys(out).length > 2) ctx.addIssue({ code: 'custom', message: 'translations: at most 2 languages' });
        return out;
      }),
  })
  .refine((f) => f.translations === undefined || f.type === MessageType.text, {
    error: 'translations: only a text message (type 1) carries translations',
  });
export type ChartFrame = Omit<z.infer<typeof chartFrame>, 'translations'> & {
  translations?: Record<string, string> | undefined;
};

export const readFrame = z.object({ senderId: id('senderId') });
export const blockFrame = z.object({
  receiverId: id('receiverId'),
  block: z.boolean({ error: 'block must be true or false' }),
});
