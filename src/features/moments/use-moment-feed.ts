/**
 * A feed of moments (the square, a homepage): the first page, older pages on demand (infinite scroll), and a
 * look for newer moments every NEWER_CHECK_MS while the page is visible. Newer moments wait behind the 'New
 * moments' pill instead of pushing the reader's place down; refresh (pull to refresh, Try again) starts over.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Moment, MomentPage } from '#protocol/moment.ts';
import { appendPage, newerThan, prependNewer, withoutMoment } from './feed.rules.ts';

export const NEWER_CHECK_MS = 30_000;

export interface FeedState {
  status: 'loading' | 'ready' | 'error';
  error?: unknown;
  items: Moment[];
  next: string | null;
  more: 'idle' | 'loading' | 'error';
  /** Newer moments found, not shown yet. */
  pending: Moment[];
  refreshing: boolean;
}

const initial: FeedState = { status: 'loading', items: [], next: null, more: 'idle', pending: [], refreshing: false };

export function useMomentFeed(load: (cursor?: string) => Promise<MomentPage>, key: string) {
  const [state, setState] = useState<FeedState>(initial);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const stateRef = useRef(state);
  stateRef.current = state;

  const refresh = useCallback(async (quiet = false) => {
    const gen = ++generation.current;
    setState((s) => (quiet ? { ...s, refreshing: true } : { ...initial }));
    try {
      const page = await loadRef.current();
      if (gen !== generation.current) return;
      // A page of moments with photos is a few hundred milliseconds of rendering on a phone: as a transition React
      // renders it in short slices, so taps and scrolls are never blocked for long (Lighthouse's total blocking time).
      startTransition(() => setState({ ...initial, status: 'ready', items: page.list, next: page.nextCursor }));
    } catch (error) {
      if (gen !== generation.current) return;
      setState((s) =>
        quiet && s.status === 'ready' ? { ...s, refreshing: false } : { ...initial, status: 'error', error },
      );
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the feed; a new one starts over.
  useEffect(() => {
    void refresh();
  }, [key, refresh]);

  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    if (s.status !== 'ready' || !s.next || s.more === 'loading') return;
    const gen = generation.current;
    setState((x) => ({ ...x, more: 'loading' }));
    try {
      const page = await loadRef.current(s.next);
      if (gen !== generation.current) return;
      startTransition(() =>
        setState((x) => ({ ...x, items: appendPage(x.items, page.list), next: page.nextCursor, more: 'idle' })),
      );
    } catch {
      if (gen !== generation.current) return;
      setState((x) => ({ ...x, more: 'error' }));
    }
  }, []);

  const checkNewer = useCallback(async () => {
    const s = stateRef.current;
    if (s.status !== 'ready') return;
    const gen = generation.current;
    try {
      const page = await loadRef.current();
      if (gen !== generation.current) return;
      setState((x) => {
        const newer = newerThan([...x.pending, ...x.items], page.list);
        return newer.length ? { ...x, pending: prependNewer(x.pending, newer) } : x;
      });
    } catch {
      // A missed look is tried again at the next interval.
    }
  }, []);

  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') void checkNewer();
    };
    const timer = setInterval(look, NEWER_CHECK_MS);
    document.addEventListener('visibilitychange', look);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
    };
  }, [checkNewer]);

  const showPending = useCallback(
    () => setState((x) => ({ ...x, items: prependNewer(x.items, x.pending), pending: [] })),
    [],
  );
  const add = useCallback(
    (moment: Moment) =>
      setState((x) => ({
        ...x,
        status: 'ready',
        // What waited behind the pill goes in too, so the list stays newest first.
        items: prependNewer(prependNewer(x.items, x.pending), [moment]),
        pending: [],
      })),
    [],
  );
  const remove = useCallback(
    (id: number) =>
      setState((x) => ({ ...x, items: withoutMoment(x.items, id), pending: withoutMoment(x.pending, id) })),
    [],
  );

  return { state, refresh, loadMore, checkNewer, showPending, add, remove };
}
