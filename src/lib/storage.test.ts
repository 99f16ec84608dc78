import { describe, expect, it } from 'vitest';
import { type CursorRequest, historyBounds, walkNewest } from './storage.ts';

/** A reverse cursor over `rows` (sorted ascending) that counts how many rows it handed out. */
function fakeReverseCursor(rows: number[]) {
  let at = rows.length - 1;
  const stats = { read: 0 };
  const request: CursorRequest & { fire(): void } = {
    onsuccess: null,
    onerror: null,
    error: null,
    get result() {
      if (at < 0) return null;
      return {
        value: rows[at],
        continue: () => {
          at--;
          queueMicrotask(() => request.fire());
        },
      };
    },
    fire() {
      if (at >= 0) stats.read++;
      request.onsuccess?.call(request, new Event('success'));
    },
  };
  queueMicrotask(() => request.fire());
  return { request, stats };
}

describe('history paging', () => {
  it('reads only size + 1 rows of a 10,000-row conversation and returns the newest page oldest first', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const { request, stats } = fakeReverseCursor(rows);
    const page = await walkNewest<number>(request, 30);
    expect(page.rows).toEqual(rows.slice(-30));
    expect(page.more).toBe(true);
    expect(stats.read).toBe(31);
  });

  it('a short conversation says there is nothing older', async () => {
    const { request } = fakeReverseCursor([1, 2, 3]);
    expect(await walkNewest<number>(request, 30)).toEqual({ rows: [1, 2, 3], more: false });
  });

  it('exactly one page: no more', async () => {
    const { request } = fakeReverseCursor([1, 2, 3]);
    expect(await walkNewest<number>(request, 3)).toEqual({ rows: [1, 2, 3], more: false });
  });

  it('an empty conversation is an empty page', async () => {
    const { request } = fakeReverseCursor([]);
    expect(await walkNewest<number>(request, 30)).toEqual({ rows: [], more: false });
  });

  it('bounds stay inside one peer and exclude `before` itself', () => {
    expect(historyBounds(7)).toEqual({
      lower: [7, Number.NEGATIVE_INFINITY],
      upper: [7, Number.POSITIVE_INFINITY],
      upperOpen: false,
    });
    expect(historyBounds(7, 120)).toEqual({ lower: [7, Number.NEGATIVE_INFINITY], upper: [7, 120], upperOpen: true });
  });
});
