/** What every storage engine shares: the interface, the keys it accepts and the type each key is stored as. */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** 200, or 206 when a Range was asked for and honoured. */
  status: number;
  contentType: string | undefined;
  contentLength: number;
  contentRange: string | undefined;
  body: Readable;
}

export interface BlobStorage {
  /** Stores `bytes` under `key`; keys are content hashes, so writing one that exists changes nothing. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored object (a `range` such as `bytes=0-99` is honoured by engines that can), or undefined. */
  get(key: string, range?: string): Promise<StoredObject | undefined>;
  /** Removes `key` if it is there (a later deletion, once nothing refers to the blob any more). */
  remove(key: string): Promise<void>;
  /** What the client stores and shows: a path of our own origin, `/uploads/{key}`. */
  url(key: string): string;
}

/**
 * Keys we make: `<sha256>.<ext>` (images; videos `.mp4`/`.webm`, voice notes `.m4a`/`.weba`), a responsive size
 * `<sha256>-w<width>.<webp|jpg>`, or a signed form upload's `u<member id>/<name>.<jpg|png>`. Anything else is a bug,
 * never a path to follow.
 */
export const STORAGE_KEY =
  /^(?:[0-9a-f]{64}(?:-w\d{1,4}\.(?:webp|jpg)|\.(?:jpg|png|mp4|webm|m4a|weba))|u\d{1,10}\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|png))$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  weba: 'audio/webm',
};

/** The type a key's bytes are (we made them, so the extension is the truth). */
export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
