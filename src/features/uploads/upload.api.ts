/**
 * Uploading one image (docs/api.md, Files; docs/product.md, Uploads): named by the md5 of its first 10 MB, sent
 * as the signed COS-style form when a signature is at hand (cached in localStorage `cts` per upload type until 3
 * minutes before its q-key-time ends), else, or when the signature is refused, straight to
 * /api/file/upload/{type}. Getting a signature never shows an error: without one the direct upload simply runs.
 */
import { ApiError, http } from '#lib/http.ts';
import { md5File } from '#lib/md5.ts';
import { readLocal, writeLocal } from '#lib/storage.ts';
import { sendForm } from '#lib/upload.ts';
import { API_BASE, type UploadType } from '#protocol/constants.ts';
import type { CosSign } from '#protocol/upload.ts';
import { cosFields, cosFileUrl, percent, signatureUsable, uploadName } from './upload.rules.ts';

export const SIGN_CACHE_KEY = 'cts';

type CachedSigns = Partial<Record<UploadType, CosSign>>;

export interface UploadOptions {
  type?: UploadType;
  /** 0-100 while the bytes go. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Tests pin the clock. */
  now?: () => number;
}

/** A usable signature for `type`: the cached one, else a fresh one (cached), else null. Never toasts or throws. */
export async function signatureFor(type: UploadType, now: number = Date.now()): Promise<CosSign | null> {
  const cached = readLocal<CachedSigns>(SIGN_CACHE_KEY, {})[type];
  if (signatureUsable(cached, now)) return cached ?? null;
  try {
    const sign = await http.get<CosSign>('/api/file/cos/sign', { type }, { silent: true });
    if (!signatureUsable(sign, now)) return null;
    writeLocal(SIGN_CACHE_KEY, { ...readLocal<CachedSigns>(SIGN_CACHE_KEY, {}), [type]: sign });
    return sign;
  } catch {
    return null;
  }
}

function forgetSignature(type: UploadType): void {
  const cached = readLocal<CachedSigns>(SIGN_CACHE_KEY, {});
  delete cached[type];
  writeLocal(SIGN_CACHE_KEY, cached);
}

/** Uploads `file` (already checked and shrunk) and answers the URL it is served at. */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<string> {
  const { type = 'media', onProgress, signal, now = Date.now } = options;
  const name = uploadName(await md5File(file), file.type);
  const progress = (loaded: number, total: number) => onProgress?.(percent(loaded, total));
  const sign = await signatureFor(type, now());
  if (sign) {
    const form = new FormData();
    for (const [field, value] of cosFields(sign, name)) form.append(field, value);
    form.append('file', file, name);
    try {
      const reply = await sendForm(sign.url, form, { headers: http.headers(), onProgress: progress, signal });
      const data = http.settle(reply.status, '', reply.body, true) as { key: string; url: string };
      // The file is at the signature's url + key (docs/product.md, Uploads); our server's answer `url` is that
      // whole address already, so joining it with the key again would name the key twice.
      return cosFileUrl(sign.url, data.key);
    } catch (error) {
      // A refused signature (403: altered, expired, clock skew) or a form endpoint that is missing (404): forget it
      // and upload directly. Anything else (not an image, too many uploads) would fail the same way there.
      if (!(error instanceof ApiError && (error.code === 403 || error.code === 404))) throw error;
      forgetSignature(type);
    }
  }
  const form = new FormData();
  form.append('file', file, name);
  const reply = await sendForm(`${API_BASE}/api/file/upload/${type}`, form, {
    headers: http.headers(),
    onProgress: progress,
    signal,
  });
  return http.settle(reply.status, '', reply.body, true) as string;
}
