import { describe, expect, it } from 'vitest';
import { bottomTop, computeOffsets, rowAt, visibleRange } from './virtual-layout.ts';

describe('virtual layout', () => {
  const offsets = computeOffsets(10_000, (i) => (i % 10 === 0 ? 40 : 60));

  it('offsets add measured heights', () => {
    expect(Array.from(computeOffsets(3, (i) => [10, 20, 30][i]!))).toEqual([0, 10, 30, 60]);
  });

  it('finds the row under a point, clamped to the list', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 39)).toBe(0);
    expect(rowAt(offsets, 40)).toBe(1);
    expect(rowAt(offsets, 1e9)).toBe(9_999);
    expect(
      rowAt(
        computeOffsets(0, () => 0),
        10,
      ),
    ).toBe(0);
  });

  it('a viewport at the bottom of 10,000 rows touches only a few dozen rows, ending with the newest', () => {
    const [start, end] = visibleRange(offsets, bottomTop(offsets, 800), 800, 300);
    expect(end).toBe(10_000);
    expect(end - start).toBeLessThan(40);
  });

  it('an empty list renders nothing', () => {
    expect(
      visibleRange(
        computeOffsets(0, () => 0),
        0,
        800,
        300,
      ),
    ).toEqual([0, 0]);
  });
});
