/**
 * Amity's service worker (built by vite-plugin-pwa, injectManifest): precached shell with the app-shell fallback
 * for navigations, stale-while-revalidate for the public price catalogues, a bounded cache for images, and nothing
 * cached for the rest of the API. It waits for the page's SKIP_WAITING (the 'New version available' banner) so a
 * member never runs two versions of the app at once, and routes notification clicks to a window.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { focusAndNavigate, notificationTarget } from './notification-click.ts';
import { NAVIGATION_DENYLIST, type RouteKind, routeFor } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const CACHE_NAMES = { specs: 'amity-specs', images: 'amity-images' } as const;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over open tabs at once (no reload needed to work offline); updates still wait.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

const when =
  (kind: RouteKind) =>
  ({ url, request }: { url: URL; request: Request }) =>
    kind !== 'navigation' && routeFor(url, request, self.location.origin) === kind;

registerRoute(when('spec-cache'), new StaleWhileRevalidate({ cacheName: CACHE_NAMES.specs }));
registerRoute(
  when('image-cache'),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(when('network-only'), new NetworkOnly());

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(focusAndNavigate(self.clients, url));
});
