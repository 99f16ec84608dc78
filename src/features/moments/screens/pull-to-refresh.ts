/**
 * Pull to refresh on a phone: a touch that starts at the top of the page and drags down past PULL_TRIGGER_PX
 * refreshes. Touch only (a mouse never pulls), passive listeners (scrolling is never held up).
 */
import { useEffect, useRef, useState } from 'react';
import { PULL_TRIGGER_PX, pullProgress } from '../feed.rules.ts';

export function usePullToRefresh(onRefresh: () => void, enabled: boolean): number {
  const [pull, setPull] = useState(0);
  const start = useRef<number | null>(null);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;

  useEffect(() => {
    if (!enabled) return;
    const down = (e: TouchEvent) => {
      start.current = window.scrollY <= 0 && e.touches.length === 1 ? (e.touches[0]?.clientY ?? null) : null;
    };
    const move = (e: TouchEvent) => {
      if (start.current === null) return;
      setPull(pullProgress((e.touches[0]?.clientY ?? start.current) - start.current));
    };
    const up = (e: TouchEvent) => {
      if (start.current === null) return;
      const dy = (e.changedTouches[0]?.clientY ?? start.current) - start.current;
      start.current = null;
      setPull(0);
      if (dy >= PULL_TRIGGER_PX) latest.current();
    };
    const options = { passive: true } as const;
    window.addEventListener('touchstart', down, options);
    window.addEventListener('touchmove', move, options);
    window.addEventListener('touchend', up, options);
    window.addEventListener('touchcancel', up, options);
    return () => {
      window.removeEventListener('touchstart', down);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', up);
      window.removeEventListener('touchcancel', up);
    };
  }, [enabled]);
  return pull;
}
