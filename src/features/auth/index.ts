/**
 * Auth's light public entry: session atoms, guard rules, search params and the calls the session makes. App start-up
 * and route guards (the first load of every page) and other features import this. The sign-in, register and
 * recovery screens are `./forms.ts`, imported only by their lazy route components.
 */
export { fetchUserInfo } from './api.ts';
export { type AuthSearch, validateAuthSearch } from './auth-search.ts';
export { afterSignIn, isPublicPath, resolveGuard, safeRedirect } from './guard.ts';
export {
  clearSessionAtom,
  permissionsAtom,
  refreshUserInfoAtom,
  reloadFlagAtom,
  signInAtom,
  signOutAtom,
  tokenAtom,
  userInfoAtom,
} from './session.atoms.ts';
