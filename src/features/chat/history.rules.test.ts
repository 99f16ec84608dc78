import { describe, expect, it } from 'vitest';
import { needsCatchUp, newestId, reconcileNewest } from './history.rules.ts';
import { ME, msg } from './test-fixtures.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));

describe('cached history meets the server', () => {
  it('a full page that starts above what we held needs the page below it', () => {
    expect(needsCatchUp(range(71, 100), 30, 30, 40)).toBe(true);
    expect(needsCatchUp(range(71, 100), 30, 30, 80)).toBe(false);
    expect(needsCatchUp(range(91, 100), 10, 30, 40)).toBe(false);
    expect(needsCatchUp(range(71, 100), 30, 30, undefined)).toBe(false);
  });

  it('merging cached and fetched messages keeps each once, by id and by (sender, clientId)', () => {
    const cached = range(1, 30);
    const fetched = range(21, 50);
    const merged = reconcileNewest(cached, fetched, true);
    expect(merged.map((m) => m.id)).toEqual(range(1, 50).map((m) => m.id));
    // The same message under another id (seen first from an ack path) is still one message.
    const echo = msg(999, { clientId: 'c50', senderId: fetched.at(-1)!.senderId });
    expect(reconcileNewest(merged, [echo], true).filter((m) => m.clientId === 'c50')).toHaveLength(1);
  });

  it('when the fetched pages never met the cache, older cached messages leave the view (no silent hole)', () => {
    const held = [...range(1, 30), msg(500, { senderId: ME, clientId: 'live' })];
    const fetched = range(400, 499);
    const shown = reconcileNewest(held, fetched, false).map((m) => m.id);
    expect(Math.min(...shown)).toBe(400);
    expect(shown).toHaveLength(101);
    expect(shown).toContain(500);
    expect(shown).not.toContain(30);
  });

  it('newestId finds the highest id', () => {
    expect(newestId([msg(3), msg(9), msg(4)])).toBe(9);
    expect(newestId([])).toBeUndefined();
  });
});
