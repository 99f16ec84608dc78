/**
 * Member uploads: a known type, a per-member rate and daily byte quota, a full decode and re-encode, then the
 * image stored once by the hash of its stored bytes (`<sha256>.<ext>`) and the upload recorded against the member.
 */
import { createHash } from 'node:crypto';
import type { BlobStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { invalid, tooMany } from '../../domain/errors.ts';
import { reencodeImage } from './files.image.ts';
import * as repo from './files.repository.ts';
import {
  AVATAR_MAX_SIDE,
  DAY_MS,
  isUploadType,
  quotaRetryAfter,
  sniffImage,
  unknownTypeMessage,
} from './files.rules.ts';

export const NOT_AN_IMAGE = 'file must be a JPEG or PNG image';

const tooManyUploads = (message: string, retryAfter: number) =>
  tooMany(`${message}, try again in ${retryAfter} seconds`, retryAfter);

async function quotaCheck(ctx: AppContext, db: repo.Executor, userId: number, incoming: number): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - DAY_MS);
  const quota = ctx.config.uploads.bytesPerDay;
  if ((await repo.bytesSince(db, userId, since)) + incoming <= quota) return;
  const retryAfter = quotaRetryAfter(await repo.uploadsSince(db, userId, since), incoming, quota, now);
  throw tooManyUploads(`Daily upload limit of ${Math.floor(quota / 1_048_576)} MB reached`, retryAfter);
}

/** The per-minute counter (plugins/rate-limit.ts WindowLimiter in the app): every hit is one attempt. */
export interface AttemptCounter {
  hit(key: string, now: number): { allowed: boolean; retryAfter: number };
}

/** Before the body is read: a known type, the per-minute rate (every attempt counts) and a quota not used up. */
export async function admitUpload(ctx: AppContext, limiter: AttemptCounter, userId: number, type: string) {
  if (!isUploadType(type)) throw invalid(unknownTypeMessage(type));
  const rate = limiter.hit(String(userId), ctx.now().getTime());
  if (!rate.allowed) throw tooManyUploads('Too many uploads', rate.retryAfter);
  await quotaCheck(ctx, ctx.db, userId, 1);
}

/** Answers the URL (a path of our origin) of the stored image. */
export async function storeImage(
  ctx: AppContext,
  storage: BlobStorage,
  userId: number,
  type: string,
  bytes: Buffer,
): Promise<string> {
  if (!isUploadType(type)) throw invalid(unknownTypeMessage(type));
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(NOT_AN_IMAGE);
  const image = await reencodeImage(bytes, kind, type === 'avatar' ? AVATAR_MAX_SIDE : undefined);
  const key = `${createHash('sha256').update(image.bytes).digest('hex')}.${kind.ext}`;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockUploader(trx, userId);
    await quotaCheck(ctx, trx, userId, bytes.length);
    // Stored before the row commits: a failed commit leaves a harmless unreferenced blob, never a row without one.
    await storage.put(key, image.bytes);
    await repo.recordUpload(
      trx,
      { userId, type, key, receivedBytes: bytes.length, at: ctx.now() },
      { bytes: image.bytes.length, width: image.width, height: image.height },
    );
  });
  return storage.url(key);
}
