/**
 * Every image is fully decoded and encoded again before it is stored: a PNG or JPEG signature followed by
 * anything else fails here, bytes after the image (a polyglot's script or archive) are dropped, and metadata
 * (EXIF with a member's GPS position, camera serials, comments) is never kept. EXIF orientation is applied first
 * so photos stay upright.
 */
import sharp from 'sharp';
import { UPLOAD } from '#protocol/constants.ts';
import { DomainError, invalid } from '../../domain/errors.ts';
import { DecodeGate } from './decode-gate.ts';
import type { ImageKind } from './files.rules.ts';

// Sharp keeps decoded images in a cache by default; uploads are each seen once.
sharp.cache(false);

/** Per process: two decodes at once (one per core of the reference machine), 32 more waiting, then 503. */
const gate = new DecodeGate(2, 32);

export const PIXEL_LIMIT_MESSAGE = `image must be at most ${UPLOAD.maxPixels / 1_000_000} megapixels`;
export const BROKEN_IMAGE_MESSAGE = 'file is not a complete JPEG or PNG image';

export interface DecodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export async function reencodeImage(input: Buffer, kind: ImageKind, maxSide?: number): Promise<DecodedImage> {
  // failOn 'warning': a truncated or corrupt image is refused rather than stored half grey.
  let image = sharp(input, { limitInputPixels: UPLOAD.maxPixels, failOn: 'warning', sequentialRead: true }).rotate();
  if (maxSide) image = image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  image = kind.ext === 'png' ? image.png() : image.jpeg({ quality: 85 });
  try {
    const { data, info } = await gate.run(() => image.toBuffer({ resolveWithObject: true }));
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw invalid(PIXEL_LIMIT_MESSAGE);
    throw invalid(BROKEN_IMAGE_MESSAGE);
  }
}
