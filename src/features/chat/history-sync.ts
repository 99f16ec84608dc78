/**
 * One conversation's history: the newest page from the cache first (instant, also offline), then the server's
 * newest pages, walking back until they meet what was cached so nothing missed while away stays hidden. Older pages
 * come from the server when online and from the cache when not.
 */
import type { Message } from '#protocol/chat.ts';
import { emptyHistory, type PeerHistory } from './chat.atoms.ts';
import { mergeMessages } from './chat.rules.ts';
import type { ChatCache } from './chat-cache.ts';
import type { ChatApi } from './chat-service.ts';
import { needsCatchUp, newestId, reconcileNewest } from './history.rules.ts';

export const PAGE_SIZE = 30;
/** At most this many pages are fetched to close the gap after a long absence; beyond it the view restarts. */
export const CATCH_UP_PAGES = 10;

export interface HistorySyncOptions {
  api: Pick<ChatApi, 'fetchHistory'>;
  cache: ChatCache;
  offline: () => boolean;
  history: (peerId: number) => PeerHistory;
  /** `persist: false` for rows that came from the cache (writing them back would be wasted work). */
  setHistory: (peerId: number, update: (h: PeerHistory) => PeerHistory, persist?: boolean) => void;
}

export function createHistorySync({ api, cache, offline, history, setHistory }: HistorySyncOptions) {
  // One read per conversation; a second caller (open after a preload on click) waits for the same one, so the
  // server's answer can never overtake the cached page and flash an error or an empty log first.
  const cacheReads = new Map<number, Promise<void>>();

  function showCached(peerId: number): Promise<void> {
    let read = cacheReads.get(peerId);
    if (!read) {
      read = cache
        .readPage(peerId, PAGE_SIZE)
        .catch(() => null)
        .then((page) => {
          if (page?.rows.length)
            setHistory(peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, page.rows) }), false);
        });
      cacheReads.set(peerId, read);
    }
    return read;
  }

  async function loadNewest(peerId: number) {
    setHistory(peerId, (x) => ({ ...x, state: x.state === 'ready' ? 'ready' : 'loading' }), false);
    try {
      const held = newestId(history(peerId).messages);
      let fetched = await api.fetchHistory(peerId);
      let last = fetched.length;
      for (let pages = 1; pages < CATCH_UP_PAGES && needsCatchUp(fetched, last, PAGE_SIZE, held); pages++) {
        const older = await api.fetchHistory(peerId, fetched[0]!.id);
        fetched = [...older, ...fetched];
        last = older.length;
      }
      const reached = !needsCatchUp(fetched, last, PAGE_SIZE, held);
      const full = last >= PAGE_SIZE;
      setHistory(peerId, (x) => {
        // A refresh that met what we hold says nothing new about older pages; a fresh view knows only its own.
        const hasMore = x.state === 'ready' && reached ? x.hasMore || !x.startKnown : full;
        return {
          messages: reconcileNewest(x.messages, fetched, reached),
          state: 'ready',
          hasMore,
          startKnown: !hasMore,
          loadingOlder: false,
        };
      });
    } catch {
      // Offline or failing: what the cache showed stays, as a usable ('ready') view that the next resync refreshes.
      setHistory(
        peerId,
        (x) => ({ ...x, state: x.state === 'ready' || x.messages.length > 0 ? 'ready' : 'error', loadingOlder: false }),
        false,
      );
    }
  }

  async function loadOlder(peerId: number) {
    const h = history(peerId);
    if (h.loadingOlder || !h.hasMore || h.messages.length === 0) return;
    const before = h.messages[0]!.id;
    setHistory(peerId, (x) => ({ ...x, loadingOlder: true }), false);
    let page: Message[] | null = null;
    let more = false;
    let fromServer = false;
    if (!offline()) {
      try {
        page = await api.fetchHistory(peerId, before);
        more = page.length >= PAGE_SIZE;
        fromServer = true;
      } catch {
        page = null;
      }
    }
    if (!page) {
      const cached = await cache.readPage(peerId, PAGE_SIZE, before).catch(() => null);
      page = cached?.rows ?? [];
      more = cached?.more ?? false;
    }
    const rows = page;
    setHistory(
      peerId,
      (x) => ({
        ...x,
        messages: mergeMessages(x.messages, rows),
        hasMore: more,
        startKnown: fromServer && !more,
        loadingOlder: false,
      }),
      fromServer,
    );
  }

  return { showCached, loadNewest, loadOlder, forget: () => cacheReads.clear() };
}

export const historyOf = (all: Record<number, PeerHistory>, peerId: number) => all[peerId] ?? emptyHistory;
