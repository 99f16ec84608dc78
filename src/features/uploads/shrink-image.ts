/**
 * docs/product.md, Uploads: an image over the size limit is halved in width and height before upload, and halved
 * again while it is still over. browser-image-compression is loaded only when a photo needs it.
 */
import { UPLOAD } from '#protocol/constants.ts';

/** 5 MiB at a sixteenth of the width is no photo a phone takes: give up then. */
export const MAX_HALVINGS = 4;

export interface ShrinkDeps {
  /** The longest side in pixels. */
  longestSide(file: File): Promise<number>;
  /** The image drawn again with its longest side at most `side`, in the same type. */
  resize(file: File, side: number): Promise<File>;
}

const browserDeps: ShrinkDeps = {
  async longestSide(file) {
    const bitmap = await createImageBitmap(file);
    const side = Math.max(bitmap.width, bitmap.height);
    bitmap.close();
    return side;
  },
  async resize(file, side) {
    const { default: compress } = await import('browser-image-compression');
    // No web worker: the library's worker loads its script from a CDN, which our CSP (own origin only) refuses.
    return compress(file, { maxWidthOrHeight: side, fileType: file.type, useWebWorker: false, initialQuality: 0.92 });
  },
};

/** The file itself when it fits; else halved until it fits; null when even the last halving is over the limit. */
export async function halveUntilFits(
  file: File,
  maxBytes: number = UPLOAD.maxBytes,
  deps: ShrinkDeps = browserDeps,
): Promise<File | null> {
  if (file.size <= maxBytes) return file;
  let side = await deps.longestSide(file);
  for (let i = 0; i < MAX_HALVINGS && side > 1; i++) {
    side = Math.floor(side / 2);
    const smaller = await deps.resize(file, side);
    if (smaller.size <= maxBytes) return smaller;
  }
  return null;
}
