import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitWithin, initialView, MAX_ZOOM, moveBy, sourceSquare, zoomOf, zoomTo } from './cropper.rules.ts';

const BOX = 280;

describe('cropper geometry', () => {
  it('caps the source at 2000 px on its longest side, keeping its shape', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 800, height: 600 }, 2000)).toEqual({ width: 800, height: 600 });
  });

  it('starts centred, the short side filling the box', () => {
    const image = { width: 1000, height: 500 };
    const view = initialView(image, BOX);
    expect(zoomOf(view, image, BOX)).toBe(1);
    const src = sourceSquare(view, BOX);
    expect(src.x).toBeCloseTo(250);
    expect(src.y).toBeCloseTo(0);
    expect(src.side).toBeCloseTo(500);
  });

  it('zooms about the centre and within 1 to the maximum', () => {
    const image = { width: 1000, height: 1000 };
    const view = zoomTo(initialView(image, BOX), 2, image, BOX);
    const src = sourceSquare(view, BOX);
    expect(src.side).toBeCloseTo(500);
    expect(src.x).toBeCloseTo(250);
    expect(zoomOf(zoomTo(view, 99, image, BOX), image, BOX)).toBe(MAX_ZOOM);
    expect(zoomOf(zoomTo(view, 0.1, image, BOX), image, BOX)).toBe(1);
  });

  it('never leaves part of the box empty, however it is moved or zoomed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: -3000, max: 3000 }),
            fc.integer({ min: -3000, max: 3000 }),
            fc.double({ min: 0, max: 6, noNaN: true }),
          ),
        ),
        (width, height, steps) => {
          const image = { width, height };
          let view = initialView(image, BOX);
          for (const [dx, dy, zoom] of steps) view = zoomTo(moveBy(view, dx, dy, image, BOX), zoom, image, BOX);
          const src = sourceSquare(view, BOX);
          const eps = 1e-6;
          expect(src.x).toBeGreaterThanOrEqual(-eps);
          expect(src.y).toBeGreaterThanOrEqual(-eps);
          expect(src.x + src.side).toBeLessThanOrEqual(width + eps * width);
          expect(src.y + src.side).toBeLessThanOrEqual(height + eps * height);
        },
      ),
    );
  });
});
