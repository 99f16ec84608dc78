/**
 * The upload of a queued video or voice note (chat.service.ts loads this with the first one, so none of it is in
 * /chat's first load): a video's cover frame goes up as a chat photo first, then the file with progress; the result
 * is the outbox's UploadEnd. Stored files are named by their content hash, so an upload that goes again after a
 * lost connection or a reload stores nothing twice; the frame is what must go once, and the outbox sees to that.
 */
import { ApiError } from '#lib/http.ts';
import { uploadCover, uploadMedia } from './media.api.ts';
import { frameMedia, uploadFailure } from './media.rules.ts';
import type { LocalMedia, OutboxFiles, OutboxRecord, UploadEnd } from './outbox.rules.ts';

/** A queued record's upload; its files come from this page's memory or IndexedDB (gone: 'lost'). */
export async function uploadQueued(
  record: OutboxRecord,
  stored: OutboxFiles | undefined | Promise<OutboxFiles | undefined>,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<UploadEnd> {
  const files = await Promise.resolve(stored).catch(() => undefined);
  if (!files || !record.upload) return { ok: false, outcome: 'lost' };
  return uploadLocalMedia(record.upload, files, { signal, onProgress });
}

export async function uploadLocalMedia(
  local: LocalMedia,
  files: OutboxFiles,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (percent: number) => void },
): Promise<UploadEnd> {
  try {
    // A cover that did not go up is no reason to hold the video: it is sent without one.
    const cover = files.cover ? await uploadCover(files.cover, signal).catch(() => undefined) : undefined;
    if (signal.aborted) return { ok: false, outcome: 'aborted' };
    const uploaded = await uploadMedia(local.kind, files.file, local.name, { signal, onProgress });
    return { ok: true, msg: uploaded.url, media: frameMedia(local, uploaded, cover) };
  } catch (error) {
    const api = error instanceof ApiError ? error : undefined;
    return uploadFailure({ aborted: signal.aborted, status: api?.code, message: api?.message });
  }
}
