/**
 * Which runtime strategy answers a request: a pure function, so the worker and its unit test share one table.
 * Precached files (shell, route chunks, locale catalogs, icons) are answered by the precache route before these.
 */
import { API_BASE, WS_PATH } from '#protocol/constants.ts';

export type RouteKind = 'navigation' | 'spec-cache' | 'image-cache' | 'network-only';

/** Navigations under these paths are the server's, never the app shell's. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  new RegExp(`^${API_BASE}(/|$)`),
  new RegExp(`^${WS_PATH}(/|$)`),
  /^\/uploads(\/|$)/,
];

/** Public catalogues every member sees alike: shown at once from the cache, refreshed behind it. */
export const SPEC_PATHS: readonly string[] = [
  '/api/system/character/spec/all',
  '/api/system/gold/spec/all',
  '/api/system/member/config',
  '/api/pay/config',
].map((path) => `${API_BASE}${path}`);

/** The request fields the decision reads (a Request satisfies it; tests pass plain objects). */
export interface RequestLike {
  method: string;
  mode: RequestMode;
  destination: RequestDestination;
  headers: { has(name: string): boolean };
}

const STREAMED: RequestDestination[] = ['audio', 'video', 'track'];

/**
 * The strategy for `request` to `url` on a page at `origin`, or null to leave it to the browser (other origins,
 * non-GET methods, the WebSocket, and same-origin files that are neither precached nor images).
 */
export function routeFor(url: URL, request: RequestLike, origin: string): RouteKind | null {
  if (url.origin !== origin || request.method !== 'GET') return null;
  const path = url.pathname;
  if (request.mode === 'navigate') {
    return NAVIGATION_DENYLIST.some((re) => re.test(path)) ? null : 'navigation';
  }
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
    // Private API data is never cached by the worker: chat history lives in IndexedDB (src/lib/storage.ts).
    return SPEC_PATHS.includes(path) ? 'spec-cache' : 'network-only';
  }
  if (path === WS_PATH || path.startsWith(`${WS_PATH}/`)) return null;
  // Range requests (media seeking) and audio or video would store partial or huge bodies.
  if (request.headers.has('range') || STREAMED.includes(request.destination)) return null;
  if (path.startsWith('/uploads/') || request.destination === 'image') return 'image-cache';
  return null;
}
