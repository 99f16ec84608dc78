/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Tencent COS's S3 API…) through four calls of the
 * REST API (PUT, GET, HEAD, DELETE Object), signed with Signature Version 4 (sigv4.ts). URLs stay `/uploads/{key}`
 * of our own origin: the server serves them from the bucket (plugins/static-client.ts), so every stored URL, every
 * validator (isOwnUploadUrl) and the sandboxed headers stay as they are with local disk.
 */
import { Readable } from 'node:stream';
import { unavailable } from '../../domain/errors.ts';
import { authorization, sha256Hex, uriEncode } from './sigv4.ts';
import { assertKey, type BlobStorage, contentTypeOfKey, type StoredObject } from './storage-keys.ts';

export interface S3Settings {
  /** https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000, … */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path style (`{endpoint}/{bucket}/{key}`) or virtual-hosted style (`{bucket}.{endpoint host}/{key}`). */
  pathStyle: boolean;
  /** Prepended to every key (`amity/`), so one bucket can hold other things too. */
  prefix: string;
  /** Per request; a slow bucket fails the upload rather than holding it forever. */
  timeoutMs?: number;
}

export class S3Error extends Error {
  readonly status: number;
  readonly s3Code: string;
  constructor(status: number, s3Code: string, message: string) {
    super(message);
    this.name = 'S3Error';
    this.status = status;
    this.s3Code = s3Code;
  }
}

const EMPTY_HASH = sha256Hex('');
export const STORAGE_DOWN = 'File storage is not available, try again in a moment';

export class S3Storage implements BlobStorage {
  readonly #s: S3Settings;
  readonly #now: () => Date;

  constructor(settings: S3Settings, now: () => Date = () => new Date()) {
    this.#s = { ...settings, endpoint: settings.endpoint.replace(/\/+$/, '') };
    this.#now = now;
  }

  #target(key: string): { url: string; host: string; path: string } {
    const base = new URL(this.#s.endpoint);
    const objectPath = uriEncode(`${this.#s.prefix}${key}`, true);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (this.#s.pathStyle) {
      const path = `${basePath}/${uriEncode(this.#s.bucket)}/${objectPath}`;
      return { url: `${base.origin}${path}`, host: base.host, path };
    }
    const host = `${this.#s.bucket}.${base.host}`;
    const path = `${basePath}/${objectPath}`;
    return { url: `${base.protocol}//${host}${path}`, host, path };
  }

  async #send(
    method: string,
    key: string,
    options: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    assertKey(key);
    const { url, host, path } = this.#target(key);
    const payloadHash = options.body ? sha256Hex(options.body) : EMPTY_HASH;
    const now = this.#now();
    const headers: Record<string, string> = {
      host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': now
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
      ...options.headers,
    };
    headers.authorization = authorization(this.#s, { method, path, headers, payloadHash, now });
    // fetch sets Host itself, from the URL: the same value that was signed.
    const { host: _signedHost, ...sent } = headers;
    try {
      return await fetch(url, {
        method,
        headers: sent,
        body: options.body ? new Uint8Array(options.body) : undefined,
        signal: AbortSignal.timeout(this.#s.timeoutMs ?? 30_000),
      });
    } catch {
      // Unreachable or too slow: the member may try again; nothing was stored.
      throw unavailable(STORAGE_DOWN);
    }
  }

  async #fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? String(response.status);
    if (response.status >= 500) throw unavailable(STORAGE_DOWN);
    // A 4xx is our configuration (keys, bucket, clock): an error for the log, 500 for the member.
    throw new S3Error(response.status, code, `S3 ${what} answered ${response.status} ${code}`);
  }

  /** Keys are content hashes: an object already there is the same bytes, so it is not sent again. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const head = await this.#send('HEAD', key);
    if (head.ok && Number(head.headers.get('content-length')) === bytes.length) return;
    if (!head.ok && head.status !== 404) await this.#fail(head, `HEAD ${key}`);
    const response = await this.#send('PUT', key, {
      body: bytes,
      headers: {
        'content-type': contentTypeOfKey(key),
        'content-length': String(bytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
    if (!response.ok) await this.#fail(response, `PUT ${key}`);
    await response.body?.cancel();
  }

  async get(key: string, range?: string): Promise<StoredObject | undefined> {
    const response = await this.#send('GET', key, { headers: range ? { range } : {} });
    if (response.status === 404) {
      const text = await response.text().catch(() => '');
      // No such key is an answer; no such bucket is our configuration.
      if (!text.includes('<Code>NoSuchBucket</Code>')) return undefined;
      throw new S3Error(404, 'NoSuchBucket', `S3 GET ${key}: the bucket ${this.#s.bucket} does not exist`);
    }
    if (!response.ok) await this.#fail(response, `GET ${key}`);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      contentLength: Number(response.headers.get('content-length') ?? 0),
      contentRange: response.headers.get('content-range') ?? undefined,
      body: response.body
        ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
        : Readable.from([]),
    };
  }

  async remove(key: string): Promise<void> {
    const response = await this.#send('DELETE', key);
    // S3 answers 204 whether or not the object was there.
    if (!response.ok && response.status !== 404) await this.#fail(response, `DELETE ${key}`);
    await response.body?.cancel();
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }
}
