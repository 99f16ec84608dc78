/**
 * The share target (docs/product.md, Sharing photos to Amity): the phone's share sheet POSTs photos to SHARE_PATH;
 * the service worker keeps them in the SHARE_CACHE and opens `SHARE_PATH?id=…`, where the member picks a
 * conversation or a new moment. Both the worker (sw/share.ts) and the page (src/lib/shared-photos.ts) read these.
 */
import { LIMITS, UPLOAD } from './constants.ts';

export const SHARE_PATH = '/share';
/** The multipart field holding the photos (manifest share_target params.files). */
export const SHARE_FILES_FIELD = 'photos';
export const SHARE_CACHE = 'amity-share';
/** A moment holds at most this many photos; the share keeps no more. */
export const SHARE_MAX_PHOTOS = LIMITS.momentImages;
export const SHARE_IMAGE_TYPES: readonly string[] = UPLOAD.imageTypes;

/** Where a share's photo number `index` is kept in SHARE_CACHE. */
export const sharedPhotoKey = (id: string, index: number) => `/__amity/share/${id}/${index}`;
/** Where the count of a share's photos is kept. */
export const shareIndexKey = (id: string) => `/__amity/share/${id}`;
/** A share id as the worker makes them: letters, digits and dashes. */
export const SHARE_ID = /^[\w-]{1,64}$/;
