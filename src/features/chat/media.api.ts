/**
 * Uploading a video or voice note (docs/api.md, Files: video and voice) with progress and cancel, and its cover
 * frame as a chat photo. Imported only by the lazily loaded media screens, so none of it joins /chat's first load.
 */
import { http } from '#lib/http.ts';
import { sendForm } from '#lib/upload.ts';
import { API_BASE } from '#protocol/constants.ts';
import type { MediaKind } from '#protocol/media.ts';

export interface UploadedMedia {
  url: string;
  /** Seconds, as the server read them from the container. */
  duration: number;
  size: number;
  width: number;
  height: number;
}

export interface MediaUploadOptions {
  /** 0-100 while the bytes go. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Rejects with an ApiError (the server's 4xx: too long, not a video, no free videos left) or an AbortError. */
export async function uploadMedia(
  kind: MediaKind,
  file: Blob,
  name: string,
  { onProgress, signal }: MediaUploadOptions = {},
): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file, name);
  const reply = await sendForm(`${API_BASE}/api/file/upload/${kind}`, form, {
    headers: http.headers(),
    signal,
    onProgress: (loaded, total) => onProgress?.(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
  });
  return http.settle(reply.status, '', reply.body, true) as UploadedMedia;
}

/** The cover frame (a JPEG the browser took) goes up as a chat photo; the video message names its URL. */
export async function uploadCover(jpeg: Blob, signal?: AbortSignal): Promise<string> {
  const uploads = await import('#features/uploads/index.ts');
  return uploads.uploadImage(new File([jpeg], 'cover.jpg', { type: 'image/jpeg' }), { type: 'media', signal });
}
