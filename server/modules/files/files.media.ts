/**
 * Video and voice uploads (docs/api.md, Files: video and voice): the declared type and the container's first bytes
 * must agree (ISO BMFF or WebM), the playing time is read from the container and may not pass 60 s, and the file is
 * stored once by the hash of its bytes through the storage interface, like an image, with the same rate and quota.
 * A video is also refused before its bytes are read when its sender has no free videos left this month (the charge
 * itself is made when the video message is stored: chat.media.ts).
 */
import { createHash } from 'node:crypto';
import { MEDIA, type MediaKind } from '#protocol/media.ts';
import type { BlobStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../domain/errors.ts';
import { lockVideoSenders, spendVideo } from '../chat/chat.media.ts';
import * as repo from './files.repository.ts';
import type { AttemptCounter } from './files.service.ts';
import { admitAttempt, quotaCheck } from './files.service.ts';
import { type Container, readMediaInfo, sniffContainer } from './media.container.ts';

export const MEDIA_TOO_LARGE = 'File is larger than 30 MB';

const NOUN: Record<MediaKind, string> = { video: 'A video', voice: 'A voice note' };

export const NOT_MEDIA: Record<MediaKind, string> = {
  video: 'file is not a video: send an MP4 or WebM file',
  voice: 'file is not a voice note: send WebM (Opus) or MP4 (M4A) audio',
};

export const UNREADABLE: Record<MediaKind, string> = {
  video: "file: the video's length could not be read",
  voice: "file: the voice note's length could not be read",
};

/** Storage file extension of each kind and container (served as video/* or audio/*). */
const EXT: Record<MediaKind, Record<Container, string>> = {
  video: { mp4: 'mp4', webm: 'webm' },
  voice: { mp4: 'm4a', webm: 'weba' },
};

/** What a video or voice upload answers. */
export interface MediaUpload {
  url: string;
  /** Seconds, read from the container. */
  duration: number;
  size: number;
  width: number;
  height: number;
}

/** Before the body is read: the per-minute rate, the byte quota, and for a video a free video left this month. */
export async function admitMedia(ctx: AppContext, limiter: AttemptCounter, userId: number, kind: MediaKind) {
  await admitAttempt(ctx, limiter, userId);
  if (kind !== 'video') return;
  const refusal = spendVideo((await lockVideoSenders(ctx.db, [userId], ctx.now())).get(userId));
  if (refusal) throw refusal;
}

/** The pure checks of one file: declared type, container, playing time; answers what to store it as. */
export function judgeMedia(kind: MediaKind, declared: string, bytes: Uint8Array) {
  const allowed: readonly string[] = kind === 'video' ? MEDIA.videoTypes : MEDIA.voiceTypes;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  const container = sniffContainer(bytes);
  if (!container) throw invalid(NOT_MEDIA[kind]);
  if (!allowed.includes(type))
    throw invalid(`file: the type must be one of ${allowed.join(', ')} (it was '${type.slice(0, 64)}')`);
  const claims: Container = type.endsWith('webm') ? 'webm' : 'mp4';
  if (claims !== container) {
    throw invalid(`file is declared ${type} but holds ${container === 'mp4' ? 'MP4' : 'WebM'}`);
  }
  const info = readMediaInfo(bytes);
  if (!info) throw invalid(UNREADABLE[kind]);
  if (info.duration > MEDIA.maxSeconds) {
    throw invalid(
      `${NOUN[kind]} must be at most ${MEDIA.maxSeconds} seconds long (this one is ${info.duration.toFixed(1)} s)`,
    );
  }
  if (kind === 'video' && !info.hasVideo) throw invalid('file has no picture: send it as a voice note');
  const mime = `${kind === 'video' || info.hasVideo ? 'video' : 'audio'}/${container === 'mp4' ? 'mp4' : 'webm'}`;
  return { info, ext: EXT[kind][container], mime };
}

export async function storeMedia(
  ctx: AppContext,
  storage: BlobStorage,
  input: { userId: number; kind: MediaKind; declared: string; bytes: Buffer },
): Promise<MediaUpload> {
  const { userId, kind, bytes } = input;
  const { info, ext, mime } = judgeMedia(kind, input.declared, bytes);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const key = `${hash}.${ext}`;
  const width = kind === 'video' ? info.width : 0;
  const height = kind === 'video' ? info.height : 0;
  const durationMs = Math.max(1, Math.round(info.duration * 1000));
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockUploader(trx, userId);
    await quotaCheck(ctx, trx, userId, bytes.length);
    // Written before the row commits: a failed commit leaves a harmless unreferenced file, never a row without one.
    await storage.put(key, bytes);
    await repo.recordMediaUpload(trx, {
      userId,
      type: kind,
      key,
      bytes: bytes.length,
      width,
      height,
      durationMs,
      mime,
      at: ctx.now(),
    });
  });
  return { url: storage.url(key), duration: durationMs / 1000, size: bytes.length, width, height };
}
