/**
 * What the page knows about being an installed app, for any layer: features may ask whether iOS needs the app on
 * the Home Screen first (iOS gives notifications and push only to installed web apps) and open the install steps,
 * which app/pwa mounts once.
 */
import { atom } from 'jotai';

/** The browser facts the checks read; tests pass fakes. */
export interface PwaEnv {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** navigator.standalone: Safari's own flag for a Home Screen launch. */
  iosStandalone?: boolean;
  matchMedia?: (query: string) => { matches: boolean };
}

function browserPwaEnv(): PwaEnv {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  return {
    userAgent: nav?.userAgent ?? '',
    platform: nav?.platform ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    iosStandalone: nav?.standalone,
    matchMedia: globalThis.matchMedia?.bind(globalThis),
  };
}

/** iPhone, iPod, or an iPad (which has claimed to be a Mac with a touch screen since iPadOS 13). */
export function isIos(env: PwaEnv = browserPwaEnv()): boolean {
  if (/iPhone|iPad|iPod/.test(env.userAgent)) return true;
  return env.platform === 'MacIntel' && env.maxTouchPoints > 1;
}

/** Launched from the Home Screen or as an installed app window. */
export function isStandalone(env: PwaEnv = browserPwaEnv()): boolean {
  if (env.iosStandalone) return true;
  return ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'].some(
    (mode) => env.matchMedia?.(`(display-mode: ${mode})`).matches ?? false,
  );
}

/** iOS in a browser tab: the app must be added to the Home Screen before notifications can be asked for. */
export function isIosNeedingInstall(env: PwaEnv = browserPwaEnv()): boolean {
  return isIos(env) && !isStandalone(env);
}

/** Open state of the 'Add to Home Screen' steps dialog (mounted by app/pwa); set true to show it. */
export const installHelpOpenAtom = atom(false);
