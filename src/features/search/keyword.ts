/**
 * The /search `?keyword=` rule, the same as protocol/social.ts parseKeyword (trimmed, required, at most 50
 * characters, no NUL or unpaired surrogate). Kept here because protocol/social.ts builds zod schemas when imported,
 * and the route's validateSearch runs in the first load of every page: importing it there cost 20 KB gzip of zod.
 * keyword.test.ts holds the two equal.
 */
import { isSafeText, LIMITS } from '#lib/validators.ts';

/** The keyword, or null when the URL has none (or an unusable one). */
export function keywordFromSearch(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const keyword = value.trim();
  if (keyword === '' || [...keyword].length > LIMITS.search || !isSafeText(keyword)) return null;
  return keyword;
}
