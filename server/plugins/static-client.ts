/**
 * Serves the built PWA from CLIENT_DIR: hashed /assets/ cached for a year, the shell (index.html, sw.js,
 * manifest, registerSW) always revalidated so a deploy reaches members, and index.html for every other GET so
 * client routes deep-link. Member uploads are served from DATA_DIR/uploads, sandboxed.
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '#protocol/codes.ts';
import { API_BASE, WS_PATH } from '#protocol/constants.ts';
import { SHARE_PATH } from '#protocol/share.ts';
import { LocalDiskStorage } from '../adapters/storage/local-disk.ts';
import { type BlobStorage, createStorage } from '../adapters/storage/storage.ts';
import { contentTypeOfKey, STORAGE_KEY } from '../adapters/storage/storage-keys.ts';
import type { Config } from '../config.ts';
import { sniffImage } from '../modules/files/files.rules.ts';
import { sniffContainer } from '../modules/files/media.container.ts';
import { sendError } from './errors.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

function firstBytes(path: string): Buffer {
  const bytes = Buffer.alloc(12);
  const fd = openSync(path, 'r');
  try {
    return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The type an upload is served as, from its first bytes, when they agree with its name; otherwise undefined (served
 * as an attachment of application/octet-stream). Never text/html: a file that is not an image we made is not shown.
 */
export function uploadType(name: string, head: Uint8Array): string | undefined {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  // JPEG and PNG by the same signatures an upload is checked against when it arrives.
  const kind = sniffImage(head);
  if (kind?.ext === ext) return kind.mime;
  const ascii = Buffer.from(head).toString('latin1');
  if (ext === 'webp' && ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  // Videos and voice notes by the same container signatures their upload was checked against.
  const container = sniffContainer(head);
  const media: Record<string, [string, string]> = {
    mp4: ['mp4', 'video/mp4'],
    m4a: ['mp4', 'audio/mp4'],
    webm: ['webm', 'video/webm'],
    weba: ['webm', 'audio/webm'],
  };
  const expected = media[ext];
  if (expected && container === expected[0]) return expected[1];
  // The demo members' generated avatars; the sandboxed CSP keeps any script in them inert.
  if (ext === 'svg' && name.startsWith('avatars/')) return 'image/svg+xml';
  return undefined;
}

/** Cache-Control for a file of the client build, by its path relative to CLIENT_DIR. */
export function cacheControlFor(path: string): string {
  const normalized = path.replaceAll('\\', '/');
  if (/(^|\/)assets\//.test(normalized)) return IMMUTABLE;
  return NO_CACHE; // index.html, sw.js, manifest, registerSW.js, icons: names that never change, contents that do.
}

/**
 * `/uploads/{key}` read from object storage, with the headers local files get: a year's caching, the type the key
 * was stored as (only types of ours, else an attachment), Range passed on to the bucket, and the sandboxed CSP of
 * plugins/security-headers.ts. A key of another shape is 404 before the bucket is asked. A key the bucket lacks is
 * looked for on local disk: files stored before S3 was configured, and the demo members' photos.
 */
function serveFromStorage(app: FastifyInstance, storage: BlobStorage, local: BlobStorage): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    if (!STORAGE_KEY.test(key)) return sendError(reply, Code.notFound, `Not found: GET /uploads/${key}`);
    const range = request.headers.range;
    const found = (await storage.get(key, typeof range === 'string' ? range : undefined)) ?? (await local.get(key));
    if (!found) return sendError(reply, Code.notFound, `Not found: GET /uploads/${key}`);
    const type = found.contentType === contentTypeOfKey(key) ? found.contentType : undefined;
    reply.code(found.status).header('Cache-Control', IMMUTABLE).header('Accept-Ranges', 'bytes');
    if (found.contentRange) reply.header('Content-Range', found.contentRange);
    if (found.contentLength) reply.header('Content-Length', String(found.contentLength));
    if (type) reply.header('Content-Type', type);
    else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', 'attachment');
    return reply.send(found.body);
  });
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Amity</title>
<body><h1>Amity</h1><p>Amity is running, but the client is not built: run npm run build, then reload.</p></body></html>`;

export async function installStaticClient(app: FastifyInstance, config: Config): Promise<void> {
  const clientExists = existsSync(config.clientDir);
  if (clientExists) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: 'index.html',
      // scripts/lib/build-client.ts writes .br and .gz beside each text asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('Cache-Control', cacheControlFor(relative(config.clientDir, path)));
      },
    });
  }

  const uploads = join(config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  if (config.s3) {
    // Member files come from the bucket; the demo members' generated avatars stay on this disk.
    mkdirSync(join(uploads, 'avatars'), { recursive: true });
    serveFromStorage(app, createStorage(config), new LocalDiskStorage(uploads, '/uploads/'));
  }
  await app.register(fastifyStatic, {
    root: config.s3 ? join(uploads, 'avatars') : uploads,
    prefix: config.s3 ? '/uploads/avatars/' : '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply, path) {
      const name = relative(uploads, path).replaceAll('\\', '/');
      // Stored files are named by content (or by the md5 a signed upload chose) and never change; demo avatars may.
      reply.header('Cache-Control', name.startsWith('avatars/') ? 'public, max-age=86400' : IMMUTABLE);
      const type = uploadType(name, firstBytes(path));
      if (type) reply.header('Content-Type', type);
      else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', 'attachment');
    },
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      return sendError(reply, Code.notFound, `No such endpoint: ${request.method} ${path}`);
    }
    // The share sheet's POST is the service worker's (sw/share.ts); one that reaches us (no worker yet) opens the
    // picker, which says there is nothing to share, rather than a 404.
    if (request.method === 'POST' && path === SHARE_PATH) return reply.redirect(SHARE_PATH, 303);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      path !== WS_PATH &&
      !path.startsWith(`${WS_PATH}/`) &&
      !path.startsWith('/uploads/') &&
      !path.startsWith('/assets/');
    if (!isPage) return sendError(reply, Code.notFound, `Not found: ${request.method} ${path}`);
    if (!clientExists || !existsSync(join(config.clientDir, 'index.html'))) {
      return reply
        .code(Code.unavailable)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', NO_CACHE)
        .send(NOT_BUILT_PAGE);
    }
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  });
}
