/**
 * Amity's service worker (built by vite-plugin-pwa, injectManifest): precached shell with the app-shell fallback
 * for navigations, stale-while-revalidate for the public price catalogues, a bounded cache for images, and nothing
 * cached for the rest of the API. It waits for the page's SKIP_WAITING (the 'New version available' banner) so a
 * member never runs two versions of the app at once, and routes notification clicks to a window. Web Push
 * notifications and the share target are sw/push.ts's and sw/share.ts's (the share sheet's POST to /share).
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { focusAndNavigate, notificationTarget } from './notification-click.ts';
import {
  DEFAULT_PUSH_TEXTS,
  PUSH_TEXTS_CACHE,
  PUSH_TEXTS_KEY,
  type PushTexts,
  parseTexts,
  pushNotice,
} from './push.ts';
import { PUSH_STATE_KEY, type PushCheckEnv, RECHECK_GAP_MS, recheckSubscription } from './push-check.ts';
import { NAVIGATION_DENYLIST, type RouteKind, routeFor } from './routes.ts';
import { acceptShare, isShareRequest } from './share.ts';

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

async function storedTexts(): Promise<PushTexts> {
  const response = await (await caches.open(PUSH_TEXTS_CACHE)).match(PUSH_TEXTS_KEY);
  return parseTexts(await response?.json().catch(() => undefined)) ?? DEFAULT_PUSH_TEXTS;
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; texts?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'PUSH_STATE') {
    const { endpoint } = data as { endpoint?: unknown };
    event.waitUntil(
      typeof endpoint === 'string'
        ? pushCheckEnv.store(endpoint)
        : pushState().then((cache) => cache.delete(PUSH_STATE_KEY)),
    );
  }
  const texts = data?.type === 'PUSH_TEXTS' ? parseTexts(data.texts) : undefined;
  if (texts) {
    event.waitUntil(caches.open(PUSH_TEXTS_CACHE).then((c) => c.put(PUSH_TEXTS_KEY, Response.json(texts))));
  }
});

type BadgeNavigator = WorkerNavigator & {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

async function showPush(data: unknown): Promise<void> {
  const notice = pushNotice(data, await storedTexts());
  await self.registration.showNotification(notice.title, notice.options);
  const nav = self.navigator as BadgeNavigator;
  if (notice.badge !== undefined) {
    await (notice.badge > 0 ? nav.setAppBadge?.(notice.badge) : nav.clearAppBadge?.())?.catch(() => undefined);
  }
}

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  event.waitUntil(showPush(data));
});

async function pushState(): Promise<Cache> {
  return caches.open(PUSH_TEXTS_CACHE);
}

const pushCheckEnv: PushCheckEnv = {
  stored: async () => {
    const kept = await (await pushState()).match(PUSH_STATE_KEY);
    const endpoint = ((await kept?.json().catch(() => null)) as { endpoint?: unknown } | null)?.endpoint;
    return typeof endpoint === 'string' ? endpoint : null;
  },
  store: async (endpoint) => (await pushState()).put(PUSH_STATE_KEY, Response.json({ endpoint })),
  pushManager: self.registration.pushManager,
  fetch: (input, init) => fetch(input, init),
};

let lastCheck = 0;
function recheckPush(force: boolean): Promise<unknown> {
  if (!force && Date.now() - lastCheck < RECHECK_GAP_MS) return Promise.resolve();
  lastCheck = Date.now();
  return recheckSubscription(pushCheckEnv).catch((error: unknown) => console.warn('push re-check failed', error));
}

// Every start of the app is a navigation: the subscription is checked then, whether or not the page loads push code.
// The share sheet's POST to /share is the worker's alone (workbox routes only GETs).
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (isShareRequest(new URL(request.url), request.method, self.location.origin)) {
    const env = { caches, newId: () => crypto.randomUUID(), origin: self.location.origin };
    event.respondWith(acceptShare(request, env));
    return;
  }
  if (request.mode === 'navigate') event.waitUntil(recheckPush(false));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  (event as ExtendableEvent).waitUntil(recheckPush(true));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(focusAndNavigate(self.clients, url));
});
