/**
 * The moments feed's pure rules: pages joined newest first without repeats, the moments a fresh first page holds
 * above what is shown (the 'New moments' pill), what the composer may post, and how photos are laid out and
 * offered to the browser (`srcset`, `sizes`).
 */
import { LIMITS } from '#protocol/constants.ts';
import type { Moment, MomentPhoto } from '#protocol/moment.ts';

/** `older` appended below `held`, skipping any moment already held (a deletion can shift a page). */
export function appendPage(held: readonly Moment[], older: readonly Moment[]): Moment[] {
  const seen = new Set(held.map((m) => m.id));
  return [...held, ...older.filter((m) => !seen.has(m.id))];
}

/** The moments of a fresh first page that are newer than everything shown (ids grow with time). */
export function newerThan(held: readonly Moment[], fresh: readonly Moment[]): Moment[] {
  const top = held.reduce((max, m) => Math.max(max, m.id), 0);
  return fresh.filter((m) => m.id > top);
}

/** Pending newer moments put on top, newest first, none twice. */
export function prependNewer(held: readonly Moment[], newer: readonly Moment[]): Moment[] {
  const seen = new Set(held.map((m) => m.id));
  const add = newer.filter((m) => !seen.has(m.id)).sort((a, b) => b.id - a.id);
  return [...add, ...held];
}

export const withoutMoment = (held: readonly Moment[], id: number): Moment[] => held.filter((m) => m.id !== id);

/** A moment can be posted with text (≤ 1,000, not only spaces) or at least one photo, once uploads are done. */
export function canPost(text: string, photos: number, uploading: boolean): boolean {
  if (uploading || text.length > LIMITS.momentText || photos > LIMITS.momentImages) return false;
  return /\S/.test(text) || photos > 0;
}

export type PhotoLayout = 'single' | 'two' | 'four' | 'grid';

/** One photo large; two side by side; four in a square; otherwise rows of three. */
export function photoLayout(count: number): PhotoLayout {
  if (count <= 1) return 'single';
  if (count === 2) return 'two';
  if (count === 4) return 'four';
  return 'grid';
}

/** The feed column is at most this wide (moments.css `.moment-feed`); cards pad 16 px on each side. */
export const FEED_MAX_PX = 640;
const CARD_PAD_PX = 32;
/** On a phone the page's own padding (16 px each side, layout.css `.body`) comes off the viewport too. */
const PHONE_CHROME_PX = 64;

/**
 * `sizes` for a photo in a layout: what width it is drawn at, so a phone fetches the 320 or 640 px file, not the
 * 1,280. Columns are a share of the card's inner width (the viewport's on a phone, FEED_MAX_PX beyond).
 */
export function photoSizes(layout: PhotoLayout): string {
  const columns = layout === 'single' ? 1 : layout === 'grid' ? 3 : 2;
  const inner = FEED_MAX_PX - CARD_PAD_PX;
  const wide = Math.ceil(inner / columns);
  const narrow =
    columns === 1 ? `calc(100vw - ${PHONE_CHROME_PX}px)` : `calc((100vw - ${PHONE_CHROME_PX}px) / ${columns})`;
  return `(min-width: ${FEED_MAX_PX + 1}px) ${wide}px, ${narrow}`;
}

/** `srcset` of one format from the responsive sizes (smallest first), or undefined when there are none. */
export function srcSetOf(photo: Pick<MomentPhoto, 'sources'>, format: 'webp' | 'jpeg'): string | undefined {
  if (photo.sources.length === 0) return undefined;
  return photo.sources.map((s) => `${s[format]} ${s.width}w`).join(', ');
}

/** The largest JPEG we have: the lightbox's `src` and the fallback of browsers without `srcset`. */
export function largestJpeg(photo: Pick<MomentPhoto, 'sources' | 'url'>): string {
  return photo.sources.at(-1)?.jpeg ?? photo.url;
}

/** A single photo keeps its shape, within portrait 4:5 and panorama 2:1, so one tall photo never fills the screen. */
export function singleAspect(photo: Pick<MomentPhoto, 'width' | 'height'>): number {
  if (!photo.width || !photo.height) return 4 / 3;
  return Math.min(2, Math.max(4 / 5, photo.width / photo.height));
}

/** How far the pull-to-refresh has gone, 0-1, from the finger's travel down (`dy`) past the top of the page. */
export const PULL_TRIGGER_PX = 72;
export function pullProgress(dy: number): number {
  return Math.max(0, Math.min(1, dy / PULL_TRIGGER_PX));
}
