/**
 * Loaded lazily after the first paint (start.ts): registers /sw.js with workbox-window, wires the update flow
 * and lets the worker route a notification click inside the running app instead of reloading it.
 */
import { Workbox } from 'workbox-window';
import type { UpdateOffer } from './pwa.atoms.ts';
import { wireUpdates } from './updates.ts';

export interface RegisterOptions {
  /** In-app navigation to a same-origin path (the router's). */
  navigate: (href: string) => void;
}

/** The worker's notificationclick asks the page to route; the reply on the port tells it no reload is needed. */
function handleWorkerMessage(event: MessageEvent, options: RegisterOptions): void {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type !== 'NAVIGATE' || typeof data.url !== 'string') return;
  const url = new URL(data.url, globalThis.location.href);
  if (url.origin !== globalThis.location.origin) return;
  options.navigate(`${url.pathname}${url.search}${url.hash}`);
  event.ports[0]?.postMessage({ type: 'NAVIGATED' });
}

/** `offer` hands a waiting update to the banner; everything is passed in, so this chunk imports no app module. */
export async function registerServiceWorker(
  options: RegisterOptions & { offer: (update: UpdateOffer) => void },
): Promise<void> {
  const container = globalThis.navigator.serviceWorker;
  container.addEventListener('message', (event) => handleWorkerMessage(event, options));
  const wb = new Workbox('/sw.js', { scope: '/' });
  wireUpdates(wb, options.offer);
  await wb.register();
}
