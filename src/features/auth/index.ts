export { fetchUserInfo } from './api.ts';
export { type AuthSearch, validateAuthSearch } from './auth-search.ts';
export { AuthShell } from './components/auth-shell.tsx';
export { ForgetForm } from './components/forget-form.tsx';
export { LoginForm } from './components/login-form.tsx';
export { RegisterForm } from './components/register-form.tsx';
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
