/**
 * One interface for stored files; local disk (DATA_DIR/uploads, served by the server under /uploads/) is the
 * embedded engine. An object-storage engine (Tencent COS, S3) implements the same three calls.
 */
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.ts';

export interface BlobStorage {
  /** Stores `bytes` under `key`; keys are content hashes, so writing one that exists changes nothing. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Removes `key` if it is there (a later deletion, once nothing refers to the blob any more). */
  remove(key: string): Promise<void>;
  /** What the client stores and shows: a path of our own origin, or the storage's URL of the key. */
  url(key: string): string;
}

export function createStorage(options: { dataDir: string }): BlobStorage {
  return new LocalDiskStorage(join(options.dataDir, 'uploads'), '/uploads/');
}
