/**
 * The session (docs/product.md, Sign-in and session): token, user info and permissions, kept in
 * localStorage so a reload stays signed in. A token present means signed in.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { UserInfo } from '#protocol/user.ts';
import { fetchUserInfo, logoutRequest } from './api.ts';

const local = <T>() => createJSONStorage<T>(() => globalThis.localStorage);

export const tokenAtom = atomWithStorage<string | null>('token', null, local<string | null>(), { getOnInit: true });
export const userInfoAtom = atomWithStorage<UserInfo | null>('userInfo', null, local<UserInfo | null>(), {
  getOnInit: true,
});
export const permissionsAtom = atomWithStorage<string[]>('permissions', [], local<string[]>(), { getOnInit: true });

/** Flips when the server says permissions changed (docs/product.md, Memberships and roles). */
export const reloadFlagAtom = atom(false);

export const clearSessionAtom = atom(null, (_get, set) => {
  set(tokenAtom, null);
  set(userInfoAtom, null);
  set(permissionsAtom, []);
});

export const refreshUserInfoAtom = atom(null, async (_get, set) => {
  const info = await fetchUserInfo();
  set(userInfoAtom, info);
  set(permissionsAtom, info.permissions ?? []);
  return info;
});

/** Login and register both end here: keep the token, then load who we are. */
export const signInAtom = atom(null, async (_get, set, token: string) => {
  set(tokenAtom, token);
  try {
    await set(refreshUserInfoAtom);
  } catch (error) {
    set(clearSessionAtom);
    throw error;
  }
});

/** Logout is best effort on the server; locally it always clears everything. */
export const signOutAtom = atom(null, async (get, set) => {
  if (get(tokenAtom)) await logoutRequest().catch(() => {});
  set(clearSessionAtom);
});
