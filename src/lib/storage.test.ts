import { describe, expect, it } from 'vitest';
import { type KeyBounds, type PageStore, readNewestPage } from './storage.ts';

/** Rows keyed [group, id], as chat keys its history: one group's ids below `before`. */
const historyBounds = (group: number, before?: number): KeyBounds => ({
  lower: [group, Number.NEGATIVE_INFINITY],
  upper: [group, before ?? Number.POSITIVE_INFINITY],
  upperOpen: before !== undefined,
});

type Key = [number, number];
interface Range {
  lower: Key;
  upper: Key;
  lowerOpen: boolean;
  upperOpen: boolean;
}
const cmp = (a: Key, b: Key) => a[0] - b[0] || a[1] - b[1];
const inRange = (k: Key, r: Range) =>
  (r.lowerOpen ? cmp(k, r.lower) > 0 : cmp(k, r.lower) >= 0) &&
  (r.upperOpen ? cmp(k, r.upper) < 0 : cmp(k, r.upper) <= 0);
const makeRange = (lower: unknown, upper: unknown, lowerOpen: boolean, upperOpen: boolean): Range => ({
  lower: lower as Key,
  upper: upper as Key,
  lowerOpen,
  upperOpen,
});

/** An object store over sorted [peer, id] keys whose values are the ids; counts the values it hands out. */
function fakeStore(keys: Key[]) {
  const sorted = [...keys].sort(cmp);
  const stats = { valuesRead: 0, requests: 0 };
  const request = <T>(fire: (req: { result: T; onsuccess: (() => void) | null }) => void) => {
    stats.requests++;
    const req = { result: undefined as T, onsuccess: null as (() => void) | null, onerror: null, error: null };
    queueMicrotask(() => fire(req));
    return req as unknown as IDBRequest<T>;
  };
  const store: PageStore = {
    openKeyCursor(range, direction) {
      expect(direction).toBe('prev');
      const hits = sorted.filter((k) => inRange(k, range as Range)).reverse();
      let at = 0;
      return request<{ key: unknown; advance(n: number): void } | null>((req) => {
        const step = () => {
          const advance = (n: number) => {
            at += n;
            queueMicrotask(step);
          };
          req.result = at < hits.length ? { key: hits[at], advance } : null;
          req.onsuccess?.();
        };
        step();
      });
    },
    getAll(range) {
      return request<unknown[]>((req) => {
        req.result = sorted.filter((k) => inRange(k, range as Range)).map((k) => k[1]);
        stats.valuesRead += req.result.length;
        req.onsuccess?.();
      });
    },
  };
  return { store, stats };
}

const conversation = (peer: number, n: number): Key[] => Array.from({ length: n }, (_, i) => [peer, i + 1]);

describe('history paging', () => {
  it('reads only the newest page of a 10,000-row conversation, in three requests, oldest first', async () => {
    const { store, stats } = fakeStore([...conversation(7, 10_000), ...conversation(8, 50), ...conversation(6, 50)]);
    const page = await readNewestPage<number>(store, historyBounds(7), 30, makeRange);
    expect(page.rows).toEqual(Array.from({ length: 30 }, (_, i) => 9_971 + i));
    expect(page.more).toBe(true);
    expect(stats.valuesRead).toBe(30);
    expect(stats.requests).toBe(2); // the key cursor (stepped twice) and one getAll
  });

  it('pages below `before`, never crossing into another conversation', async () => {
    const { store } = fakeStore([...conversation(7, 100), ...conversation(6, 100)]);
    const page = await readNewestPage<number>(store, historyBounds(7, 41), 30, makeRange);
    expect(page.rows).toEqual(Array.from({ length: 30 }, (_, i) => 11 + i));
    expect(page.more).toBe(true);
    const last = await readNewestPage<number>(store, historyBounds(7, 11), 30, makeRange);
    expect(last).toEqual({ rows: Array.from({ length: 10 }, (_, i) => i + 1), more: false });
  });

  it('exactly one page, one more than a page, and nothing', async () => {
    expect(await readNewestPage(fakeStore(conversation(7, 3)).store, historyBounds(7), 3, makeRange)).toEqual({
      rows: [1, 2, 3],
      more: false,
    });
    expect(await readNewestPage(fakeStore(conversation(7, 4)).store, historyBounds(7), 3, makeRange)).toEqual({
      rows: [2, 3, 4],
      more: true,
    });
    expect(await readNewestPage(fakeStore([]).store, historyBounds(7), 3, makeRange)).toEqual({
      rows: [],
      more: false,
    });
  });
});
