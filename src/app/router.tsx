import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { RouteError, RoutePending } from './route-states.tsx';
import { store } from './store.ts';

export interface RouterContext {
  store: typeof store;
}

export const router = createRouter({
  routeTree,
  context: { store },
  defaultPreload: 'intent',
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
