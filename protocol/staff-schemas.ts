/** The staff routes' request schemas (docs/api.md, Staff): messages name the field and the rule. Server only. */
import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { CATALOGUE_MAX, EXPORT_PAGE_SIZE, grantAmountProblem, NOTE_MAX, SUSPEND_DAYS } from './staff.ts';
import { optionalQuery, requiredText, safeText, wholeNumberText } from './validators.ts';

const SIZE_RULE = `size must be one of ${[...PAGE_SIZES, EXPORT_PAGE_SIZE].join(', ')}`;

/** Page sizes of the tables plus the export's 500. */
export const staffPageSchema = z.object({
  page: optionalQuery(wholeNumberText('page', 1, 10_000)),
  size: optionalQuery(
    wholeNumberText('size', 1, EXPORT_PAGE_SIZE, SIZE_RULE).refine(
      (n) => n === EXPORT_PAGE_SIZE || (PAGE_SIZES as readonly number[]).includes(n),
      { error: SIZE_RULE },
    ),
  ),
});

export const reportQuerySchema = staffPageSchema.extend({
  status: optionalQuery(z.enum(['open', 'resolved'], { error: 'status must be open or resolved' })),
  type: optionalQuery(wholeNumberText('type', 1, 6)),
});

export const memberQuerySchema = staffPageSchema.extend({
  keyword: optionalQuery(safeText('keyword', 50)),
});

export const auditQuerySchema = staffPageSchema.extend({
  action: optionalQuery(safeText('action', 50)),
});

const days = z
  .number({ error: (i) => (i.input === undefined ? 'days is required' : 'days must be 1, 7 or 0 (permanent)') })
  .refine((n) => (SUSPEND_DAYS as readonly number[]).includes(n), { error: 'days must be 1, 7 or 0 (permanent)' });
const note = safeText('note', NOTE_MAX);

export const resolveBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('dismiss'), note: note.optional() }),
    z.object({ action: z.literal('warn'), note: note.optional() }),
    z.object({ action: z.literal('suspend'), days, note: note.optional() }),
  ],
  { error: 'action must be dismiss, warn or suspend' },
);
export type ResolveBody = z.output<typeof resolveBody>;

export const suspendBody = z.object({ days, note: note.optional() });

/** Amounts go as JSON numbers; the number input (docs/product.md, Validation) keeps what the member types valid. */
export const grantBody = z
  .object({
    kind: z.enum(['character', 'gold'], { error: 'kind must be character or gold' }),
    amount: z.number({ error: (i) => (i.input === undefined ? 'amount is required' : 'amount must be a number') }),
    reason: requiredText('reason', NOTE_MAX),
  })
  .superRefine((b, ctx) => {
    const problem = grantAmountProblem(b.kind, b.amount);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
export type GrantBody = z.output<typeof grantBody>;

const money = z
  .number({ error: 'amount must be a number' })
  .refine((n) => n > 0 && n <= CATALOGUE_MAX.amount && Math.round(n * 100) / 100 === n, {
    error: `amount must be above 0, at most ${CATALOGUE_MAX.amount}, with at most 2 decimals`,
  });
const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` });

export const specEditBody = z.object({ num: whole('num', 1, CATALOGUE_MAX.num), amount: money });
export const planEditBody = z.object({
  dayCharacters: whole('dayCharacters', 0, CATALOGUE_MAX.dayCharacters),
  monthVideos: whole('monthVideos', 0, CATALOGUE_MAX.monthVideos),
  showIdentity: z.boolean({ error: 'showIdentity must be true or false' }),
});
