/**
 * The zod schemas the server checks incoming chat frames with (docs/api.md, WebSocket). Apart from chat.ts so that the
 * client, which only needs the types and message types, never loads zod through it.
 */
import { z } from 'zod';
import { MessageType } from './chat.ts';
import { LIMITS, LOCALES } from './constants.ts';
import { MEDIA_PEAKS_MAX } from './media.ts';
import { toLocale } from './translation.ts';
import { dbId as id, isNonEmpty, isOwnUploadUrl, safeText } from './validators.ts';

const pixels = (field: string) => {
  const error = `${field} must be a whole number from 0 to 16384`;
  return z.int({ error }).min(0, { error }).max(16384, { error }).optional();
};

const PEAK = 'media.peaks must hold whole numbers from 0 to 100';
const peak = z.int({ error: PEAK }).min(0, { error: PEAK }).max(100, { error: PEAK });

/** What a video or voice `chart` carries beside its URL; duration and size are filled in by the server. */
const mediaFrame = z.object({
  cover: safeText('media.cover', 1024)
    .refine((v) => isOwnUploadUrl(v), { error: 'media.cover must be the path of an image uploaded here' })
    .optional(),
  width: pixels('media.width'),
  height: pixels('media.height'),
  peaks: z
    .array(peak, { error: 'media.peaks must be a list of whole numbers from 0 to 100' })
    .max(MEDIA_PEAKS_MAX, { error: `media.peaks must be at most ${MEDIA_PEAKS_MAX} values` })
    .optional(),
});

export const chartFrame = z
  .object({
    toId: id('toId'),
    type: z.union(
      [
        z.literal(MessageType.text),
        z.literal(MessageType.image),
        z.literal(MessageType.video),
        z.literal(MessageType.voice),
      ],
      { error: 'type must be 1 (text), 2 (image), 8 (video) or 9 (voice)' },
    ),
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
    /** Types 8 and 9: the cover, picture size and waveform of the file `msg` names. */
    media: mediaFrame.optional(),
  })
  .refine((f) => f.translations === undefined || f.type === MessageType.text, {
    error: 'translations: only a text message (type 1) carries translations',
  })
  .refine((f) => f.media === undefined || f.type === MessageType.video || f.type === MessageType.voice, {
    error: 'media: only a video (8) or voice (9) message carries media',
  });
export type MediaFrame = z.infer<typeof mediaFrame>;
export type ChartFrame = Omit<z.infer<typeof chartFrame>, 'translations' | 'media'> & {
  translations?: Record<string, string> | undefined;
  media?:
    | {
        cover?: string | undefined;
        width?: number | undefined;
        height?: number | undefined;
        peaks?: number[] | undefined;
      }
    | undefined;
};

export const readFrame = z.object({ senderId: id('senderId') });
export const blockFrame = z.object({
  receiverId: id('receiverId'),
  block: z.boolean({ error: 'block must be true or false' }),
});
