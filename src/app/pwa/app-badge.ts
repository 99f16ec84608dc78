/**
 * The installed app's icon badge follows the unread total (Badging API; absent in many browsers, then a no-op).
 * Used by the signed-in layout, so it lives in that lazy chunk with the chat feature's atoms rather than in the
 * first paint of /login; leaving the layout (sign-out) clears it.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { unreadCountAtom } from '#features/chat/index.ts';

interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `count` on the app icon, or clears it at 0; rejections (not installed, not allowed) are nothing to report. */
export function showAppBadge(count: number, nav: BadgeNavigator = globalThis.navigator ?? {}): void {
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge();
  done.catch(() => {});
}

export function useAppBadge(nav?: BadgeNavigator): void {
  const count = useAtomValue(unreadCountAtom);
  useEffect(() => showAppBadge(Math.max(0, count), nav), [count, nav]);
  useEffect(() => () => showAppBadge(0, nav), [nav]);
}
