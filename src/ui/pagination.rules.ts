/**
 * Which page buttons a pager shows (docs/product.md, Routes: 7, or 5 when small) as a pure function: the first and last
 * page always, a run around the current page, and a gap where pages are left out (gaps are not counted).
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#protocol/constants.ts';

type PagerItem = number | 'gap-before' | 'gap-after';

export function pagerItems(current: number, pageCount: number, buttons: number): PagerItem[] {
  const count = Math.max(1, pageCount);
  if (count <= buttons) return Array.from({ length: count }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), count);
  // The run between first and last keeps its length near either end, so the pager never changes width.
  const inner = buttons - 2;
  let start = Math.max(2, page - Math.floor(inner / 2));
  let end = start + inner - 1;
  if (end > count - 1) {
    end = count - 1;
    start = end - inner + 1;
  }
  const items: PagerItem[] = [1];
  if (start > 2) items.push('gap-before');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < count - 1) items.push('gap-after');
  items.push(count);
  return items;
}

/** A stored or typed size that is not one of the six falls back to the default. */
export function validPageSize(value: unknown): number {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

export function pageSizeKey(routeName: string): string {
  return `pageSize:${routeName}`;
}
