/**
 * Connects lib/http.ts's hooks to the store, router and toaster (docs/product.md, Calls), so lib/ stays free of app/.
 */
import { atom } from 'jotai';
import {
  clearSessionAtom,
  isPublicPath,
  refreshUserInfoAtom,
  reloadFlagAtom,
  resolveGuard,
  tokenAtom,
} from '#features/auth/index.ts';
import { http } from '#lib/http.ts';
import { pushToastAtom } from '#ui/toast.tsx';
import type { AppStore } from './store.ts';

/** Open while the 'permissions changed, reload?' question is on screen; one question at a time. */
export const permissionPromptAtom = atom(false);

export interface RouterLike {
  state: { location: { pathname: string; href: string } };
  navigate: (options: { href: string; replace?: boolean }) => unknown;
}

/** 401 from REST or socket: forget the session, go to /login?redirect=<here> (docs/product.md, Sign-in and session). */
export function clearSessionToLogin(store: AppStore, router: RouterLike): void {
  store.set(clearSessionAtom);
  const { pathname, href } = router.state.location;
  if (isPublicPath(pathname)) return;
  const target = resolveGuard(href, null);
  if (target) void router.navigate({ href: target, replace: true });
}

export function wireHttp(store: AppStore, router: RouterLike): void {
  http.configure({
    getToken: () => store.get(tokenAtom),
    notify: (kind, message) => store.set(pushToastAtom, { kind, message }),
    onUnauthorized: () => clearSessionToLogin(store, router),
    onPermissionsChanged: () => permissionsChanged(store),
  });
}

/** 498 from REST or a socket frame: refresh the permission list now and ask to reload (the reload picks up the rest). */
export function permissionsChanged(store: AppStore): void {
  store.set(reloadFlagAtom, (v) => !v);
  if (store.get(permissionPromptAtom)) return;
  store.set(permissionPromptAtom, true);
  store.set(refreshUserInfoAtom).catch(() => {});
}
