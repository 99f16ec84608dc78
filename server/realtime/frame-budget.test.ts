import { describe, expect, it } from 'vitest';
import { FrameBudget, type Verdict } from './frame-budget.ts';
import { FLOOD_GRACE_MS } from './limits.ts';

/** Sends `count` frames at each time in `at` and tallies the verdicts. */
function run(budget: FrameBudget, at: number[], count: number): Record<Verdict, number[]> {
  const seen: Record<Verdict, number[]> = { handle: [], refuse: [], drop: [], close: [] };
  for (const now of at) for (let i = 0; i < count; i++) seen[budget.admit(now)].push(now);
  return seen;
}

describe('FrameBudget', () => {
  it('answers at most one 429 a second and drops the rest without a word', () => {
    const budget = new FrameBudget(1, 2, 0);
    const seen = run(budget, [0, 300, 600, 999, 1000, 1500], 5);
    expect(seen.handle).toEqual([0, 0, 1000]);
    expect(seen.refuse).toEqual([0, 1000]);
    expect(seen.drop).toHaveLength(30 - 5);
    expect(seen.close).toEqual([]);
  });

  it(`closes a socket still flooding ${FLOOD_GRACE_MS} ms after it went over, not one frame sooner`, () => {
    const budget = new FrameBudget(1, 2, 0);
    const steps = Array.from({ length: 10 }, (_, i) => i * 500); // 0 … 4500
    expect(run(budget, steps, 3).close).toEqual([]);
    const refusedAt = (now: number) => {
      let verdict: Verdict;
      do verdict = budget.admit(now);
      while (verdict === 'handle');
      return verdict;
    };
    expect(refusedAt(4999)).toBe('drop');
    expect(refusedAt(5000)).toBe('close');
  });

  it('a socket just over the rate is a flood too: the frames let through do not reset the grace', () => {
    const budget = new FrameBudget(20, 40, 0);
    let closedAt: number | undefined;
    // 25 frames a second, evenly: above 20/s, the burst lasts 8 s, then every fifth frame is refused.
    for (let now = 0; now < 30_000 && closedAt === undefined; now += 40) {
      if (budget.admit(now) === 'close') closedAt = now;
    }
    expect(closedAt).toBeGreaterThanOrEqual(8000 + FLOOD_GRACE_MS - 1000);
    expect(closedAt).toBeLessThanOrEqual(8000 + FLOOD_GRACE_MS + 1000);
  });

  it('bursts with quiet seconds between them are never closed', () => {
    const budget = new FrameBudget(1, 2, 0);
    const verdicts: Verdict[] = [];
    // Over the limit for a moment every 3 s for a minute: each burst starts a new grace.
    for (let now = 0; now < 60_000; now += 3000) for (let i = 0; i < 10; i++) verdicts.push(budget.admit(now));
    expect(verdicts).not.toContain('close');
    expect(verdicts.filter((v) => v === 'refuse')).toHaveLength(20);
  });

  it('a sender at the rate is never refused', () => {
    const budget = new FrameBudget(20, 40, 0);
    for (let now = 0; now < 60_000; now += 50) expect(budget.admit(now)).toBe('handle');
  });
});
