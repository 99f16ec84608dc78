/**
 * Chat state in the one app store: one state atom, changed only by events through chat.reducer.ts, and read-only
 * atoms derived from it for components. The state outlives the /chat page on purpose (docs/product.md, Routes: cached): leaving
 * and coming back shows the same list and history at once, then refreshes in the background.
 */
import { atom } from 'jotai';
import { fetchUnread } from './chat.api.ts';
import { reduceChat } from './chat.reducer.ts';
import type { ChatService } from './chat.service.ts';
import { type ChatEffect, type ChatEvent, initialChatState, offlineOf } from './chat.state.ts';

/** Not exported: only events change chat state. */
const chatStateAtom = atom(initialChatState);

/**
 * Feeds one event to the reducer and returns the effects it asks for. The runner (chat.service.ts) performs them;
 * tests use it to put the state where they need it.
 */
export const chatEventAtom = atom(null, (get, set, event: ChatEvent): ChatEffect[] => {
  const { state, effects } = reduceChat(get(chatStateAtom), event);
  set(chatStateAtom, state);
  return effects;
});

/** Unread total for the header badge, written by `unreadAll` frames and incoming messages. */
export const unreadCountAtom = atom((get) => get(chatStateAtom).unread);

export const loadUnreadAtom = atom(null, async (_get, set) => {
  const count = await fetchUnread().catch(() => null);
  if (typeof count === 'number') set(chatEventAtom, { type: 'unreadFetched', count, at: Date.now() });
});

export const conversationsAtom = atom((get) => get(chatStateAtom).conversations);
export const conversationsStateAtom = atom((get) => get(chatStateAtom).listState);
export const historiesAtom = atom((get) => get(chatStateAtom).histories);
/** Members met outside the conversation list (`/chat?userId=N` for someone never written to). */
export const peersAtom = atom((get) => get(chatStateAtom).peers);
/** The outbox, for rendering pending bubbles and the tray. */
export const outboxRecordsAtom = atom((get) => get(chatStateAtom).outbox);
/** Uploads of videos and voice notes in progress: percent done by clientId. */
export const uploadProgressAtom = atom((get) => get(chatStateAtom).progress);
/** Offline as the member experiences it: the browser says so, or the socket closed after having tried. */
export const offlineAtom = atom((get) => offlineOf(get(chatStateAtom)));
/** When the conversation list last came from the server (ms), for 'Offline, last synced …'. */
export const lastSyncedAtom = atom((get) => get(chatStateAtom).lastSynced);

/** The live service for the signed-in session (set by app/ wiring; null while signed out). */
export const chatServiceAtom = atom<ChatService | null>(null);
