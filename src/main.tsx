/** Start-up only: language, theme, store wiring, router, PWA (install prompt, badge, lazy service worker). */
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '#app/providers.tsx';
import { PwaLayer } from '#app/pwa/pwa-layer.tsx';
import { startPwa } from '#app/pwa/start.ts';
import { router } from '#app/router.tsx';
import { wireSocket } from '#app/socket-wiring.ts';
import { store } from '#app/store.ts';
import { wireHttp } from '#app/wiring.ts';
import { activateLocale, detectLocale } from '#lib/i18n.ts';
import './styles/index.css';

wireHttp(store, router);
wireSocket(store, router);
startPwa(store, { navigate: (href) => void router.navigate({ href }) });

// The first paint waits for the catalog so nobody sees English flash before their language. The router resolves the
// page (guards, route chunks) meanwhile, so the two downloads overlap instead of following one another; a failure
// there shows on the page as the route's error, once rendered.
void Promise.all([activateLocale(detectLocale(), { remember: false }), router.load().catch(() => {})]).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task
  // that blocks input (Lighthouse's Total Blocking Time on a phone-speed CPU).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} context={{ store }} />
          <PwaLayer />
        </Providers>
      </StrictMode>,
    );
  });
});
