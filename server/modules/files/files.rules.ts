/** Pure upload rules: which bytes are an image we accept, and which folder names are allowed. */

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

export const DEFAULT_UPLOAD_TYPE = 'media';

/** The {type} path segment becomes a folder name: keep it to a short, harmless word. */
export function isUploadType(type: string): boolean {
  return /^[a-z0-9][a-z0-9_-]{0,31}$/.test(type);
}
