import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextZoom, stepIndex, swipeStep, zoomBy } from './lightbox.rules.ts';

describe('stepIndex', () => {
  it('moves within the photos and stops at the ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('always lands on a photo', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.integer({ min: -30, max: 30 }), fc.integer({ min: 1, max: 20 }), (i, d, n) => {
        const at = stepIndex(Math.min(i, n - 1), d, n);
        return at >= 0 && at < n;
      }),
    );
  });
});

describe('swipeStep', () => {
  it('a long swipe to the left is next, to the right previous', () => {
    expect(swipeStep(-120, 10, 390)).toBe(1);
    expect(swipeStep(120, -10, 390)).toBe(-1);
  });

  it('a short or mostly vertical drag is nothing', () => {
    expect(swipeStep(-20, 0, 390)).toBe(0);
    expect(swipeStep(-80, 200, 390)).toBe(0);
    expect(swipeStep(0, 0, 390)).toBe(0);
  });

  it('a narrow stage needs a shorter swipe', () => {
    expect(swipeStep(-40, 0, 200)).toBe(1);
  });
});

describe('zoom', () => {
  it('cycles fitted, 2×, 3×, fitted', () => {
    expect(nextZoom(1)).toBe(2);
    expect(nextZoom(2)).toBe(3);
    expect(nextZoom(3)).toBe(1);
  });

  it('steps with + and - within the range', () => {
    expect(zoomBy(1, 1)).toBe(2);
    expect(zoomBy(3, 1)).toBe(3);
    expect(zoomBy(2, -1)).toBe(1);
    expect(zoomBy(1, -1)).toBe(1);
  });
});
