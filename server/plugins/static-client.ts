/**
 * Serves the built PWA from CLIENT_DIR: hashed /assets/ cached for a year, the shell (index.html, sw.js,
 * manifest, registerSW) always revalidated so a deploy reaches members, and index.html for every other GET so
 * client routes deep-link. Member uploads are served from DATA_DIR/uploads, sandboxed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '#protocol/codes.ts';
import { API_BASE, WS_PATH } from '#protocol/constants.ts';
import type { Config } from '../config.ts';
import { sendError } from './errors.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

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
    setHeaders(reply) {
      reply.header('Cache-Control', 'public, max-age=86400');
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
