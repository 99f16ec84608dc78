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
import type { Config } from '../config.ts';
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
  const ascii = Buffer.from(head).toString('latin1');
  if (ext === 'jpg' && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ext === 'png' && ascii.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (ext === 'webp' && ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
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
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply, path) {
      const name = relative(uploads, path);
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
