/**
 * The uploader's pure rules (docs/product.md, Uploads): which files are accepted, how a pick meets the file limit,
 * how long a cached upload signature is good for, and the names files travel under.
 */
import { UPLOAD } from '#protocol/constants.ts';
import { type CosSign, SIGN_REUSE_MARGIN_MS } from '#protocol/upload.ts';

export type ImageProblem = { kind: 'not-image' } | { kind: 'too-large'; maxBytes: number } | null;

/**
 * The image checker: only jpeg or png, at most `maxBytes` (the checker's default 2 MiB; the uploader passes its
 * 5 MiB). The server sniffs the content again, so a renamed file gets no further than its first bytes.
 */
export function checkImage(file: Pick<File, 'type' | 'size'>, maxBytes: number = UPLOAD.imageCheckBytes): ImageProblem {
  if (!(UPLOAD.imageTypes as readonly string[]).includes(file.type)) return { kind: 'not-image' };
  if (file.size > maxBytes) return { kind: 'too-large', maxBytes };
  return null;
}

/** '5MB', '2MB', '512KB': the size in the '上传图片大小不能超过' message. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB` : `${Math.round(bytes / 1024)}KB`;
}

export type PickResult<T> =
  | { ok: true; files: T[]; replace: boolean }
  | { ok: false; limit: number; chosen: number; total: number };

/**
 * A pick of `picked` files next to `held` ones: with a limit of 1 the new file replaces the old; otherwise the
 * whole pick is refused when it would pass the limit, and the message gives the limit, the number chosen now and
 * the total (what the member would have held).
 */
export function acceptPick<T>(held: number, picked: readonly T[], limit: number = UPLOAD.maxFiles): PickResult<T> {
  if (limit === 1) return { ok: true, files: picked.slice(-1), replace: true };
  const total = held + picked.length;
  if (total > limit) return { ok: false, limit, chosen: picked.length, total };
  return { ok: true, files: [...picked], replace: false };
}

/** The end of a signature's q-key-time in ms, or NaN when it is not `start;end` in seconds. */
export function signatureEnd(sign: Pick<CosSign, 'q-key-time'>): number {
  const match = /^\d+;(\d+)$/.exec(sign['q-key-time'] ?? '');
  return match ? Number(match[1]) * 1000 : Number.NaN;
}

/** A cached signature is reused until 3 minutes before its q-key-time ends. */
export function signatureUsable(sign: Pick<CosSign, 'q-key-time'> | null | undefined, nowMs: number): boolean {
  if (!sign) return false;
  const end = signatureEnd(sign);
  return Number.isFinite(end) && nowMs < end - SIGN_REUSE_MARGIN_MS;
}

/** The extension the server expects for the file's type (it sniffs the bytes too). */
export const extensionOf = (type: string): 'png' | 'jpg' => (type === 'image/png' ? 'png' : 'jpg');

/** A file's upload name: the md5 of (at most its first 10 MB), then its extension. */
export const uploadName = (md5: string, type: string): string => `${md5}.${extensionOf(type)}`;

/** The signed form's fields before the file, in COS's order; the key is the signed path, then the file's name. */
export function cosFields(sign: CosSign, name: string): [string, string][] {
  const fields: [string, string][] = [
    ['policy', sign.policy],
    ['q-sign-algorithm', sign['q-sign-algorithm']],
    ['q-ak', sign['q-ak']],
    ['q-key-time', sign['q-key-time']],
    ['q-signature', sign['q-signature']],
    ['key', `${sign.path}${name}`],
  ];
  if (sign['x-oss-security-token']) fields.push(['x-oss-security-token', sign['x-oss-security-token']]);
  return fields;
}

/** Where the signed form's file is served: url/key (the url may or may not end in a slash). */
export const cosFileUrl = (url: string, key: string): string => `${url.replace(/\/+$/, '')}/${key}`;

/** Upload progress as a whole percentage, 0-100, from the browser's loaded/total (total 0: not known yet). */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}
