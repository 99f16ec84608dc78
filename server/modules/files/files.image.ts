/**
 * Every image is fully decoded and encoded again before it is stored: a PNG or JPEG signature followed by
 * anything else fails here, bytes after the image (a polyglot's script or archive) are dropped, and metadata
 * (EXIF with a member's GPS position, camera serials, comments) is never kept. EXIF orientation is applied first
 * so photos stay upright.
 */
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { UPLOAD } from '#protocol/constants.ts';
import type { BlobStorage } from '../../adapters/storage/storage.ts';
import { DomainError, invalid } from '../../domain/errors.ts';
import { DecodeGate } from './decode-gate.ts';
import type { BlobRecord } from './files.repository.ts';
import { type ImageKind, variantKeys } from './files.rules.ts';

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

/** Widths of the responsive sizes (docs/api.md, Files): phone, phone at 2x, desktop; plus the image's own width. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** The widths to make for an image `width` pixels wide: each listed one narrower than it, then its own width. */
export function variantWidths(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((w) => w < width), width];
}

export interface EncodedVariant {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface ResponsiveImage {
  variants: EncodedVariant[];
  /** Base64 ThumbHash (at most 100 × 100 pixels sampled), the blurred placeholder painted first. */
  thumbhash: string;
}

/**
 * The responsive sizes (WebP and a JPEG fallback each) and the ThumbHash of an image already re-encoded by
 * reencodeImage (so upright and without metadata: sharp writes none unless asked).
 */
export async function responsiveImage(clean: Buffer, width: number): Promise<ResponsiveImage> {
  return gate.run(async () => {
    const variants: EncodedVariant[] = [];
    for (const w of variantWidths(width)) {
      const resized = sharp(clean).resize({ width: w, withoutEnlargement: true }).flatten({ background: '#fff' });
      const webp = await resized.clone().webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
      const jpeg = await resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      variants.push({ width: webp.info.width, height: webp.info.height, webp: webp.data, jpeg });
    }
    const small = await sharp(clean)
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
    return { variants, thumbhash: Buffer.from(hash).toString('base64') };
  });
}

/**
 * Writes an image re-encoded by reencodeImage under its key (`<hash>.<ext>`), and its responsive sizes beside it;
 * answers the blob as recordUpload stores it.
 */
export async function putImage(
  storage: BlobStorage,
  hash: string,
  key: string,
  image: DecodedImage,
  responsive: ResponsiveImage | undefined,
): Promise<BlobRecord> {
  await storage.put(key, image.bytes);
  const variants: BlobRecord['variants'] = [];
  for (const v of responsive?.variants ?? []) {
    const keys = variantKeys(hash, v.width);
    await storage.put(keys.webp, v.webp);
    await storage.put(keys.jpeg, v.jpeg);
    variants.push({ width: v.width, height: v.height, ...keys });
  }
  return {
    bytes: image.bytes.length,
    width: image.width,
    height: image.height,
    thumbhash: responsive?.thumbhash ?? '',
    variants,
  };
}
