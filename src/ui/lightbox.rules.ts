/** The lightbox's pure rules: moving between photos, what a swipe means, and the zoom steps. */

/** The photo `delta` away from `index`, kept within the photos (no wrap: the ends are where they look to be). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, index + delta));
}

/** A horizontal swipe at least this long (px), or this share of the stage's width, turns the photo. */
export const SWIPE_MIN_PX = 48;
export const SWIPE_MIN_SHARE = 0.15;

/**
 * What a finished drag of `dx`, `dy` across a stage `width` wide means: +1 next (a swipe to the left), -1
 * previous, 0 nothing (too short, or more vertical than horizontal: a scroll, not a swipe).
 */
export function swipeStep(dx: number, dy: number, width: number): -1 | 0 | 1 {
  const far = Math.abs(dx) >= Math.min(SWIPE_MIN_PX, Math.max(1, width) * SWIPE_MIN_SHARE);
  if (!far || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Zoom steps: fitted, then closer views; the last step goes back to fitted. */
export const ZOOM_STEPS = [1, 2, 3] as const;

export function nextZoom(zoom: number): number {
  const at = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);
  return ZOOM_STEPS[(at + 1) % ZOOM_STEPS.length] ?? 1;
}

/** `+` and `-` move one step, kept within the steps. */
export function zoomBy(zoom: number, direction: 1 | -1): number {
  const at = Math.max(0, ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]));
  return ZOOM_STEPS[Math.max(0, Math.min(ZOOM_STEPS.length - 1, at + direction))] ?? 1;
}
