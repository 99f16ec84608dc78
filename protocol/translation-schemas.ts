/**
 * The zod schemas of the translation frames and REST calls (docs/api.md, Translation). Apart
 * from translation.ts so that the client, which previews with the pure functions, never loads zod through it.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { messageId, storable } from './validators.ts';

const lang = (field: string) =>
  storable(
    z
      .string({ error: `${field} must be a language such as es-es` })
      .trim()
      .min(2, { error: `${field} must be a language such as es-es` })
      .max(16, { error: `${field} must be at most 16 characters` }),
    field,
  );

const msgId = messageId('msgId');

/** `trans` and its preview for a stored message. */
export const transMessageFrame = z.object({ msgId, lang: lang('lang') });

/** `transText` and its preview: a draft not yet sent, into `lang`, from `from` (default: the member's language). */
export const transTextFrame = z.object({
  text: storable(
    z
      .string({ error: 'text must be a string' })
      .max(LIMITS.chatMessage, { error: `text must be at most ${LIMITS.chatMessage} characters` }),
    'text',
  ).refine((v) => /\S/.test(v), { error: 'text must not be empty' }),
  lang: lang('lang'),
  from: lang('from').optional(),
});

/** `transPreview` previews a draft when its data has `text`, a stored message otherwise. */
export function transPreviewSchema(data: unknown): typeof transTextFrame | typeof transMessageFrame {
  return typeof data === 'object' && data !== null && 'text' in data ? transTextFrame : transMessageFrame;
}
