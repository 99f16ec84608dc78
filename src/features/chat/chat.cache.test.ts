import { describe, expect, it } from 'vitest';
import { historyBounds } from './chat.cache.ts';

describe("chat's key layout", () => {
  it('bounds stay inside one peer and exclude `before` itself', () => {
    expect(historyBounds(7)).toEqual({
      lower: [7, Number.NEGATIVE_INFINITY],
      upper: [7, Number.POSITIVE_INFINITY],
      upperOpen: false,
    });
    expect(historyBounds(7, 120)).toEqual({ lower: [7, Number.NEGATIVE_INFINITY], upper: [7, 120], upperOpen: true });
  });
});
