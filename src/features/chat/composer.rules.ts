/** Pure rules for what the composer may send. Only the message pane uses them, so they load with it. */
import { UPLOAD } from '#protocol/constants.ts';

/** A text is sendable only with a non-whitespace character (docs/product.md, Validation) and within the limit. */
export function canSendText(text: string, limit: number): boolean {
  return /\S/.test(text) && text.length <= limit;
}

export type ImageProblem = { kind: 'not-image' } | { kind: 'too-large'; maxBytes: number } | null;

/** Spec 5, 8: only jpeg or png, at most 5 MiB in the uploader. The server checks the content again. */
export function checkImage(file: Pick<File, 'type' | 'size'>, maxBytes: number = UPLOAD.maxBytes): ImageProblem {
  if (!(UPLOAD.imageTypes as readonly string[]).includes(file.type)) return { kind: 'not-image' };
  if (file.size > maxBytes) return { kind: 'too-large', maxBytes };
  return null;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB` : `${Math.round(bytes / 1024)}KB`;
}
