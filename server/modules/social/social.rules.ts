/** Pure rules of likes, visits, reports and the paged lists: input checks, the report limit, row mapping. */
import { type PageQuery, parseKeyword, parsePageQuery } from '#protocol/social.ts';
import { type DomainError, invalid, tooMany } from '../../domain/errors.ts';
import type { Window } from './social.repository.ts';
/** Enough for a member cleaning up after a spam wave, too few to flood the moderators. */
export const REPORTS_PER_HOUR = 20;
export const REPORT_WINDOW_MS = 3_600_000;
/** And a day's cap (sliding 24 hours), so the hourly limit cannot be kept up around the clock. */
export const REPORTS_PER_DAY = 50;
export const REPORT_DAY_MS = 86_400_000;
export const ALREADY_REPORTED = 'You have already reported this member; staff will look at it';

export function pageQuery(query: unknown): PageQuery {
  const parsed = parsePageQuery(typeof query === 'object' && query !== null ? query : {});
  if ('error' in parsed) throw invalid(parsed.error);
  return parsed;
}

export function toWindow({ page, size }: PageQuery): Window {
  return { offset: (page - 1) * size, limit: size };
}

export function keywordOf(query: unknown): string {
  const value = typeof query === 'object' && query !== null ? (query as { keyword?: unknown }).keyword : undefined;
  const parsed = parseKeyword(value);
  if (typeof parsed !== 'string') throw invalid(parsed.error);
  return parsed;
}

/** Refuses acting on oneself with the field named, as every other 400 does. */
export function notSelf(me: number, other: number, field: string, action: string): void {
  if (me === other) throw invalid(`${field}: you cannot ${action} yourself`);
}

/**
 * The report limit over a sliding window (an hour by default): allowed while fewer than `limit` were made in it;
 * else the seconds until the oldest of them leaves the window.
 */
export function reportRetryAfter(
  recent: { n: number; oldest: Date | null },
  now: Date,
  limit = REPORTS_PER_HOUR,
  windowMs = REPORT_WINDOW_MS,
): number {
  if (recent.n < limit || recent.oldest === null) return 0;
  return Math.max(1, Math.ceil((recent.oldest.getTime() + windowMs - now.getTime()) / 1000));
}

export function tooManyReports(retryAfter: number): DomainError {
  return tooMany(`Too many reports, try again in ${retryAfter} seconds`, retryAfter);
}

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();
