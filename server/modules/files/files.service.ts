/**
 * Member uploads: a known type, a per-member rate and daily byte quota, a full decode and re-encode, then the
 * image stored once by the hash of its stored bytes (`<sha256>.<ext>`) and the upload recorded against the member.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BlobStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { conflict, invalid, tooMany, unauthorized } from '../../domain/errors.ts';
import { userExists } from '../users/users.repository.ts';
import { type CosSign, type CosUpload, signCosUpload, verifyCosForm } from './cos.rules.ts';
import { putImage, reencodeImage, responsiveImage } from './files.image.ts';
import * as repo from './files.repository.ts';
import {
  DAY_MS,
  hasVariants,
  isUploadType,
  maxSideOf,
  quotaRetryAfter,
  sniffImage,
  unknownTypeMessage,
} from './files.rules.ts';

export const NOT_AN_IMAGE = 'file must be a JPEG or PNG image';
export const KEY_TAKEN = 'key already holds another image; name the file by its own md5';

const tooManyUploads = (message: string, retryAfter: number) =>
  tooMany(`${message}, try again in ${retryAfter} seconds`, retryAfter);

export async function quotaCheck(ctx: AppContext, db: repo.Executor, userId: number, incoming: number): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - DAY_MS);
  const quota = ctx.config.uploads.bytesPerDay;
  if ((await repo.bytesSince(db, userId, since)) + incoming <= quota) return;
  const retryAfter = quotaRetryAfter(await repo.uploadsSince(db, userId, since), incoming, quota, now);
  throw tooManyUploads(`Daily upload limit of ${Math.floor(quota / 1_048_576)} MB reached`, retryAfter);
}

/** The per-minute counter (plugins/rate-limit.ts WindowLimiter in the app): every hit is one attempt. */
export interface AttemptCounter {
  hit(
    key: string,
    now: number,
  ): { allowed: boolean; retryAfter: number } | Promise<{ allowed: boolean; retryAfter: number }>;
}

/** Before the body is read: a known type, the per-minute rate (every attempt counts) and a quota not used up. */
export async function admitUpload(ctx: AppContext, limiter: AttemptCounter, userId: number, type: string) {
  if (!isUploadType(type)) throw invalid(unknownTypeMessage(type));
  await admitAttempt(ctx, limiter, userId);
}

/** The per-minute rate (every attempt counts) and a daily quota not used up: images, videos and voice notes alike. */
export async function admitAttempt(ctx: AppContext, limiter: AttemptCounter, userId: number): Promise<void> {
  const rate = await limiter.hit(String(userId), ctx.now().getTime());
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
  return storage.url(await storeUpload(ctx, storage, { userId, type, bytes }));
}

export interface UploadInput {
  userId: number;
  type: string;
  bytes: Buffer;
  /** A signed form upload's own key (`u{id}/{name}.{ext}`): the stored image is also written there. */
  aliasKey?: string;
}

/**
 * Checks and stores one upload (docs/api.md, Files): known type, sniffed JPEG or PNG, fully re-encoded (upright, no
 * metadata, at most 2000 px), its responsive sizes and ThumbHash for photos; answers the blob's storage key.
 */
export async function storeUpload(ctx: AppContext, storage: BlobStorage, input: UploadInput): Promise<string> {
  const { userId, type, bytes, aliasKey } = input;
  if (!isUploadType(type)) throw invalid(unknownTypeMessage(type));
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(NOT_AN_IMAGE);
  if (aliasKey && !aliasKey.endsWith(`.${kind.ext}`)) throw invalid(`key must end in .${kind.ext} for this image`);
  const image = await reencodeImage(bytes, kind, maxSideOf(type));
  const hash = createHash('sha256').update(image.bytes).digest('hex');
  const key = `${hash}.${kind.ext}`;
  const responsive = hasVariants(type) ? await responsiveImage(image.bytes, image.width) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockUploader(trx, userId);
    await quotaCheck(ctx, trx, userId, bytes.length);
    // A key is served for a year as immutable: it never changes to another image.
    const taken = aliasKey ? await repo.blobOfAlias(trx, aliasKey) : undefined;
    if (taken !== undefined && taken !== key) throw conflict(KEY_TAKEN);
    // Stored before the row commits: a failed commit leaves harmless unreferenced files, never a row without one.
    const blob = await putImage(storage, hash, key, image, responsive);
    if (aliasKey) await storage.put(aliasKey, image.bytes);
    await repo.recordUpload(
      trx,
      { userId, type, key, receivedBytes: bytes.length, at: ctx.now(), aliasKey: aliasKey ?? null },
      blob,
    );
  });
  return key;
}

/** GET /api/file/cos/sign: a signature for `userId` to upload one `type` by the form, valid one hour. */
export function signCos(ctx: AppContext, userId: number, type: string): CosSign {
  if (!isUploadType(type)) throw invalid(unknownTypeMessage(type));
  return signCosUpload(ctx.config.cos, userId, type, ctx.now(), randomBytes(16).toString('hex'));
}

/**
 * Before the form's file is read: a signature of ours, in its time window, for a member who still exists, then the
 * same admission as a direct upload (type, rate, quota).
 */
export async function admitCosForm(
  ctx: AppContext,
  limiter: AttemptCounter,
  fields: Record<string, string>,
): Promise<CosUpload> {
  const upload = verifyCosForm(ctx.config.cos, fields, ctx.now());
  if (!(await userExists(ctx.db, upload.userId))) throw unauthorized('Please sign in');
  await admitUpload(ctx, limiter, upload.userId, upload.type);
  return upload;
}
