/**
 * Update flow over workbox-window, apart from the Workbox object so tests drive it with fakes: a waiting worker
 * becomes an offer for the 'New version available' banner; accepting posts SKIP_WAITING and reloads once the new
 * worker controls the page. Checks for a new version every hour and whenever the page becomes visible again.
 */
// Types only: this module is in the lazy registration chunk, which must share no runtime module with the first
// paint's (a shared module makes the bundler split the initial chunks, about 3 KB gzip more to load).
import type { UpdateOffer } from './pwa.atoms.ts';

export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Tab switching can be frequent; one check per minute is enough. */
export const VISIBLE_CHECK_GAP_MS = 60 * 1000;

/** The part of workbox-window's Workbox the flow uses. */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isExternal?: boolean }) => void): void;
  messageSkipWaiting(): void;
  update(): Promise<unknown>;
}

export interface UpdateEnv {
  reload: () => void;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  visibility: () => DocumentVisibilityState;
  onVisibilityChange: (fn: () => void) => void;
  /** Whether a worker controlled this page when it loaded: without one, a worker taking control is a first install. */
  hadController: boolean;
}

function browserUpdateEnv(): UpdateEnv {
  return {
    reload: () => globalThis.location.reload(),
    now: () => Date.now(),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    visibility: () => globalThis.document.visibilityState,
    onVisibilityChange: (fn) => globalThis.document.addEventListener('visibilitychange', fn),
    hadController: Boolean(globalThis.navigator.serviceWorker?.controller),
  };
}

/** `offer` receives what the 'New version available' banner should do (app/pwa stores it in updateOfferAtom). */
export function wireUpdates(
  wb: WorkboxLike,
  offer: (update: UpdateOffer) => void,
  env: UpdateEnv = browserUpdateEnv(),
): void {
  let accepted = false;
  let waiting = false;
  const reloadOffer = { apply: () => env.reload() };

  wb.addEventListener('waiting', () => {
    waiting = true;
    offer({
      apply: () => {
        accepted = true;
        wb.messageSkipWaiting();
      },
    });
  });

  wb.addEventListener('controlling', (event) => {
    if (accepted) {
      env.reload();
      return;
    }
    // Another tab accepted the update: this one still runs the old code and its SKIP_WAITING would change
    // nothing now, so offer a plain reload. The first install also takes control, through clientsClaim, with
    // nothing waiting: nothing to offer then, even when the worker came from an earlier page load that was still
    // precaching (workbox-window calls that one external) and the page runs the one version there is.
    if (waiting || (event.isExternal && env.hadController)) offer(reloadOffer);
  });

  let lastCheck = env.now();
  const check = () => {
    lastCheck = env.now();
    // Offline or a server error: the next check tries again.
    wb.update().catch(() => {});
  };
  env.setInterval(check, UPDATE_CHECK_MS);
  env.onVisibilityChange(() => {
    if (env.visibility() === 'visible' && env.now() - lastCheck >= VISIBLE_CHECK_GAP_MS) check();
  });
}
