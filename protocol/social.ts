/**
 * Likes, visits, reports, search and meet of docs/api.md, Users: request bodies as zod schemas whose messages name the
 * field and the rule, the paged answer shape, and the page/size rule both sides follow.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from './constants.ts';
import type { BaseUser } from './user.ts';
import { dbId, optionalQuery, unsafeTextMessage, wholeNumberText } from './validators.ts';

/** Every paged list answer (docs/api.md, Users: `{ list, total }`). */
export interface PageOf<T> {
  list: T[];
  total: number;
}

/** A visitor row: the member plus when they last came (ISO 8601). */
export type Visitor = BaseUser & { visitedAt: string };

/** Report reasons 1-6 (docs/product.md, Social); the client names them, the server only checks the range. */
export const REPORT_TYPES = [1, 2, 3, 4, 5, 6] as const;

/** The largest page number a list accepts: deeper offsets are never a real reader, only a costly scan. */
export const MAX_PAGE = 10_000;

const userId = (field: string) => dbId(field);

export const likeAddBody = z.object({
  userId: userId('userId'),
  like: z.boolean({ error: 'like must be true or false' }),
});

export const visitorAddBody = z.object({ userId: userId('userId') });

export const reportAddBody = z.object({
  reportedId: userId('reportedId'),
  type: z
    .number({ error: 'type must be a whole number from 1 to 6' })
    .int({ error: 'type must be a whole number from 1 to 6' })
    .min(1, { error: 'type must be a whole number from 1 to 6' })
    .max(6, { error: 'type must be a whole number from 1 to 6' }),
});

export interface PageQuery {
  page: number;
  size: number;
}

const SIZE_RULE = `size must be one of ${PAGE_SIZES.join(', ')}`;

/** A query value as text; a number (a caller passing parsed values) is read as its decimal text. */
const queryNumber = <S extends z.ZodType>(schema: S) =>
  optionalQuery(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema));

export const pageQuerySchema = z.object({
  page: queryNumber(wholeNumberText('page', 1, MAX_PAGE)),
  size: queryNumber(
    wholeNumberText('size', 1, 999, SIZE_RULE).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: SIZE_RULE,
    }),
  ),
});

/**
 * `page` from 1, `size` one of 5, 10, 20, 30, 40, 50 (default 10). Query values arrive as strings; empty ones count
 * as absent (docs/product.md, Validation). Answers the parsed query or the member-facing message of the first problem.
 */
export function parsePageQuery(query: { page?: unknown; size?: unknown }): PageQuery | { error: string } {
  const result = pageQuerySchema.safeParse(query);
  if (!result.success) return { error: result.error.issues[0]?.message ?? 'Invalid page' };
  return { page: result.data.page ?? 1, size: result.data.size ?? DEFAULT_PAGE_SIZE };
}

/** The search keyword: trimmed, required, at most 50 characters (docs/product.md, Header), storable text. */
export function parseKeyword(value: unknown): string | { error: string } {
  if (Array.isArray(value)) return { error: 'keyword must be given once' };
  const keyword = typeof value === 'string' ? value.trim() : '';
  if (keyword === '') return { error: 'keyword is required' };
  if ([...keyword].length > LIMITS.search) return { error: `keyword must be at most ${LIMITS.search} characters` };
  const unsafe = unsafeTextMessage('keyword', keyword);
  return unsafe ? { error: unsafe } : keyword;
}

/** The number of pages for a total, at least 1 so a pager always has a current page. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
