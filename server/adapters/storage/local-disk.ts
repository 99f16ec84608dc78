/** Files in one folder on this machine; the static plugin serves that folder, sandboxed, under `urlBase`. */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStorage } from './storage.ts';

/**
 * Keys we make: `<sha256>.<ext>`, a responsive size `<sha256>-w<width>.<webp|jpg>`, or a signed form upload's
 * `u<member id>/<name>.<jpg|png>`. Anything else is a bug, never a path to follow.
 */
const KEY =
  /^(?:[0-9a-f]{64}(?:-w\d{1,4}\.(?:webp|jpg)|\.(?:jpg|png))|u\d{1,10}\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|png))$/;

export class LocalDiskStorage implements BlobStorage {
  readonly #dir: string;
  readonly #urlBase: string;

  constructor(dir: string, urlBase: string) {
    this.#dir = dir;
    this.#urlBase = urlBase;
  }

  #path(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return join(this.#dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.#path(key);
    const existing = await stat(path).catch(() => undefined);
    if (existing?.size === bytes.length) return;
    await mkdir(dirname(path), { recursive: true });
    // Written aside then renamed, so a reader never gets half a file.
    const part = join(
      dirname(path),
      `.${key.replace('/', '_')}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.part`,
    );
    try {
      await writeFile(part, bytes);
      await rename(part, path);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  url(key: string): string {
    return `${this.#urlBase}${key}`;
  }
}
