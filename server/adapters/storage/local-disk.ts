/** Files in one folder on this machine; the static plugin serves that folder, sandboxed, under `urlBase`. */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertKey, type BlobStorage, contentTypeOfKey, type StoredObject } from './storage-keys.ts';

export class LocalDiskStorage implements BlobStorage {
  readonly #dir: string;
  readonly #urlBase: string;

  constructor(dir: string, urlBase: string) {
    this.#dir = dir;
    this.#urlBase = urlBase;
  }

  #path(key: string): string {
    assertKey(key);
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

  /** The whole file (the static plugin serves ranges of local files itself). */
  async get(key: string): Promise<StoredObject | undefined> {
    const path = this.#path(key);
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    return {
      status: 200,
      contentType: contentTypeOfKey(key),
      contentLength: found.size,
      contentRange: undefined,
      body: createReadStream(path),
    };
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  url(key: string): string {
    return `${this.#urlBase}${key}`;
  }
}
