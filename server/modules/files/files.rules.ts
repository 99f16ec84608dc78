/** Pure upload rules: which bytes are an image we accept, which types exist, and when a member may upload again. */
import { UPLOAD, type UploadType } from '#protocol/constants.ts';

export type ImageKind = { ext: 'jpg'; mime: 'image/jpeg' } | { ext: 'png'; mime: 'image/png' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by their magic bytes; names and declared types are the sender's word and prove nothing. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { ext: 'png', mime: 'image/png' };
  }
  return undefined;
}

export const DEFAULT_UPLOAD_TYPE: UploadType = 'media';

/** Only the listed types (docs/api.md, Files); anything else is refused before a byte is read or a folder made. */
export function isUploadType(type: string): type is UploadType {
  return (UPLOAD.types as readonly string[]).includes(type);
}

export function unknownTypeMessage(type: string): string {
  const known = UPLOAD.types.join(', ');
  if (type === 'video' || type === 'voice') {
    return `Videos and voice notes go up through POST /api/file/upload/${type}; type must be one of ${known}`;
  }
  return `type must be one of ${known}`;
}

/** Avatars are shown at most a few hundred pixels wide: a larger one is stored at this size (longest side). */
export const AVATAR_MAX_SIDE = 1024;

/** Every other upload is stored at most this size on its longest side (docs/product.md, Uploads: images at most 2000). */
export const IMAGE_MAX_SIDE = 2000;

export function maxSideOf(type: UploadType): number {
  return type === 'avatar' ? AVATAR_MAX_SIDE : IMAGE_MAX_SIDE;
}

/** Photos shown in lists (the square, chat) get responsive sizes and a ThumbHash; avatars and profile pictures not. */
export function hasVariants(type: UploadType): boolean {
  return type === 'moment' || type === 'media';
}

/** Storage keys of a blob's responsive size: `<sha256>-w<width>.webp` and `.jpg`. */
export function variantKeys(hash: string, width: number): { webp: string; jpeg: string } {
  return { webp: `${hash}-w${width}.webp`, jpeg: `${hash}-w${width}.jpg` };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily byte quota over a sliding 24 hours. `recent` is the member's uploads of the last day, oldest first.
 * Answers 0 when `incoming` more bytes fit now, else the seconds until enough of them have left the window.
 */
export function quotaRetryAfter(
  recent: readonly { bytes: number; at: Date }[],
  incoming: number,
  quota: number,
  now: Date,
): number {
  let used = recent.reduce((sum, r) => sum + r.bytes, 0);
  if (used + incoming <= quota) return 0;
  if (incoming > quota) return Math.ceil(DAY_MS / 1000);
  for (const r of recent) {
    used -= r.bytes;
    if (used + incoming <= quota) return Math.max(1, Math.ceil((r.at.getTime() + DAY_MS - now.getTime()) / 1000));
  }
  return Math.ceil(DAY_MS / 1000);
}
