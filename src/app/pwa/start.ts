/**
 * PWA start-up, called once from main.tsx: the install prompt listener now (tiny, and the event can come early),
 * the service worker later. Registration waits for the load event and an idle moment, and its code (with
 * workbox-window) is a separate chunk, so none of it competes with the first paint.
 */
import type { AppStore } from '../store.ts';
import { listenForInstallPrompt } from './install.ts';
import { updateOfferAtom } from './pwa.atoms.ts';
import type { RegisterOptions } from './register.ts';

function afterLoadAndIdle(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in globalThis
      ? globalThis.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else globalThis.addEventListener('load', idle, { once: true });
}

export function startPwa(store: AppStore, options: RegisterOptions): void {
  listenForInstallPrompt(store);
  // The dev server has no worker (vite-plugin-pwa devOptions off): a stale one would serve old code there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoadAndIdle(() => {
    import('./register.ts')
      .then(({ registerServiceWorker }) =>
        registerServiceWorker({ ...options, offer: (update) => store.set(updateOfferAtom, update) }),
      )
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
