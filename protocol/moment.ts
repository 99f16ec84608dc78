/** Moments of docs/api.md, Moments: the request body and query as zod schemas, and the answer shapes. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from './constants.ts';
import type { BaseUser } from './user.ts';
import { isOwnUploadUrl, MAX_SAFE_ID, optionalQuery, safeText, wholeNumberText } from './validators.ts';

/** A photo's optional description for screen readers (LIMITS.momentAlt, kept apart from zod for the client). */
export const MOMENT_ALT_MAX = LIMITS.momentAlt;

/** One responsive size of a photo: same picture, `width` × `height`, as WebP and as JPEG (paths of our origin). */
export interface PhotoSource {
  width: number;
  height: number;
  webp: string;
  jpeg: string;
}

/**
 * What the client needs to paint a photo without layout shift: its stored size, a ThumbHash (Base64, empty when
 * unknown) to paint first, and the responsive sizes (smallest first; empty for images without them) for `srcset`.
 */
export interface MomentPhoto {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  thumbhash: string;
  sources: PhotoSource[];
}

export interface Moment {
  id: number;
  user: BaseUser;
  text: string;
  /** The photos' URLs as posted (the contract's field); `photos` has the same photos in the same order. */
  images: string[];
  photos: MomentPhoto[];
  createdAt: string;
}

export interface MomentPage {
  list: Moment[];
  /** Send as `cursor` for the next (older) page; null when there is none. */
  nextCursor: string | null;
}

const IMAGE_RULE = 'each image must be the path of an image uploaded here';

/** `images` checked against `storageBase` too when object storage is configured (isOwnUploadUrl). */
export function momentAddBody(storageBase?: string) {
  return z
    .object({
      text: safeText('text', LIMITS.momentText).optional().default(''),
      images: z
        .array(
          z.string({ error: IMAGE_RULE }).refine((u) => isOwnUploadUrl(u, storageBase), { error: IMAGE_RULE }),
          {
            error: 'images must be a list of image paths',
          },
        )
        .max(LIMITS.momentImages, { error: `images must be at most ${LIMITS.momentImages}` })
        .refine((list) => new Set(list).size === list.length, { error: 'images must not repeat an image' })
        .optional()
        .default([]),
      alts: z
        .array(safeText('alt', MOMENT_ALT_MAX), { error: 'alts must be a list of texts' })
        .max(LIMITS.momentImages, { error: `alts must be at most ${LIMITS.momentImages}` })
        .optional()
        .default([]),
    })
    .refine((b) => b.alts.length <= b.images.length, { error: 'alts must not be longer than images' })
    .refine((b) => /\S/.test(b.text) || b.images.length > 0, { error: 'text is required when there is no image' });
}

export type MomentAddBody = z.output<ReturnType<typeof momentAddBody>>;

const SIZE_RULE = `size must be one of ${PAGE_SIZES.join(', ')}`;
const CURSOR_RULE = 'cursor must be the nextCursor of an earlier page';

export const momentPageQuery = z.object({
  cursor: optionalQuery(wholeNumberText('cursor', 1, MAX_SAFE_ID, CURSOR_RULE)),
  size: optionalQuery(
    wholeNumberText('size', 1, 999, SIZE_RULE).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: SIZE_RULE,
    }),
  ),
});

export const UNKNOWN_CURSOR = CURSOR_RULE;

export function pageDefaults(q: z.output<typeof momentPageQuery>): { cursor: number | undefined; size: number } {
  return { cursor: q.cursor, size: q.size ?? DEFAULT_PAGE_SIZE };
}
