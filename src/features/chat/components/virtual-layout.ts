/**
 * Pure geometry of the virtual list: row offsets from measured or estimated heights, and which rows a viewport
 * (plus overscan) touches. Binary searches keep a 10,000-row list cheap on every scroll event.
 */

/** offsets[i] is row i's top; offsets[count] the total height. */
export function computeOffsets(count: number, heightAt: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightAt(i);
  return offsets;
}

/** The row containing y (clamped to the rows that exist); 0 for an empty list. */
export function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** [start, end) of the rows to render for a viewport at `top` of `height`, `overscan` pixels each side. */
export function visibleRange(offsets: Float64Array, top: number, height: number, overscan: number): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, 0];
  const start = rowAt(offsets, Math.max(0, top - overscan));
  const end = rowAt(offsets, top + height + overscan) + 1;
  return [start, Math.min(count, end)];
}

/** Top of the viewport that shows the end of the list. */
export const bottomTop = (offsets: Float64Array, height: number) => Math.max(0, offsets[offsets.length - 1]! - height);
