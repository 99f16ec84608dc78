/**
 * One interface for stored files (storage-keys.ts), two engines chosen by settings: local disk (DATA_DIR/uploads,
 * the embedded default) or an S3-compatible bucket when S3_BUCKET is set (README, Configuration). Either way the
 * client sees `/uploads/{key}` of our own origin.
 */
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.ts';
import { type S3Settings, S3Storage } from './s3.ts';

export type { S3Settings } from './s3.ts';
export type { BlobStorage, StoredObject } from './storage-keys.ts';

/** One engine per settings object: the routes that each call this share it (and a bucket's connection pool). */
const made = new WeakMap<object, import('./storage-keys.ts').BlobStorage>();

export function createStorage(options: { dataDir: string; s3?: S3Settings | undefined }) {
  const existing = made.get(options);
  if (existing) return existing;
  const storage = options.s3
    ? new S3Storage(options.s3)
    : new LocalDiskStorage(join(options.dataDir, 'uploads'), '/uploads/');
  made.set(options, storage);
  return storage;
}
