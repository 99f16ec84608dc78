import { describe, expect, it, vi } from 'vitest';
import { halveUntilFits, type ShrinkDeps } from './shrink-image.ts';

const sized = (bytes: number, name = 'a.jpg') => {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

/** A fake canvas: the bytes go with the area, as they roughly do for a photo. */
function deps(longest: number, bytesAtFull: number): ShrinkDeps & { sides: number[] } {
  const sides: number[] = [];
  return {
    sides,
    longestSide: vi.fn(async () => longest),
    resize: vi.fn(async (_file: File, side: number) => {
      sides.push(side);
      return sized(Math.round(bytesAtFull * (side / longest) ** 2), 'small.jpg');
    }),
  };
}

describe('halveUntilFits (docs/product.md, Uploads)', () => {
  it('leaves a photo within the limit alone and loads nothing', async () => {
    const d = deps(4000, 1000);
    const file = sized(1000);
    expect(await halveUntilFits(file, 1000, d)).toBe(file);
    expect(d.longestSide).not.toHaveBeenCalled();
  });

  it('halves width and height once when that is enough', async () => {
    const d = deps(4000, 8_000_000);
    const out = await halveUntilFits(sized(8_000_000), 5_242_880, d);
    expect(d.sides).toEqual([2000]);
    expect(out?.size).toBe(2_000_000);
  });

  it('halves again while still over the limit', async () => {
    const d = deps(8000, 40_000_000);
    const out = await halveUntilFits(sized(40_000_000), 5_242_880, d);
    expect(d.sides).toEqual([4000, 2000]);
    expect(out!.size).toBeLessThanOrEqual(5_242_880);
  });

  it('gives up (null) after four halvings', async () => {
    const d = deps(1000, 10_000_000_000);
    expect(await halveUntilFits(sized(10_000_000_000), 5_242_880, d)).toBeNull();
    expect(d.sides).toEqual([500, 250, 125, 62]);
  });
});
