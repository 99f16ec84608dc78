/**
 * Chat state in the one app store. It outlives the /chat page on purpose (docs/product.md, Routes: cached): leaving
 * and coming back shows the same list, history and scroll-worthy state at once, then refreshes in the background.
 */
import { atom } from 'jotai';
import type { Message } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import { fetchUnread } from './api.ts';
import type { Conversation } from './chat.rules.ts';
import type { ChatService } from './chat-service.ts';
import type { OutboxRecord } from './outbox.ts';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Unread total for the header badge, written by `unreadAll` frames and incoming messages. */
export const unreadCountAtom = atom(0);

export const loadUnreadAtom = atom(null, async (_get, set) => {
  const count = await fetchUnread().catch(() => null);
  if (typeof count === 'number') set(unreadCountAtom, count);
});

export const conversationsAtom = atom<Conversation[]>([]);
export const conversationsStateAtom = atom<LoadState>('idle');

export interface PeerHistory {
  messages: Message[];
  state: LoadState;
  /** False once a page came back shorter than asked: the start of the conversation is loaded. */
  hasMore: boolean;
  /** The server said the start is loaded (hasMore false only because the cache ran out does not count). */
  startKnown?: boolean;
  loadingOlder: boolean;
}
export const emptyHistory: PeerHistory = { messages: [], state: 'idle', hasMore: true, loadingOlder: false };
export const historiesAtom = atom<Record<number, PeerHistory>>({});

/** Members met outside the conversation list (`/chat?userId=N` for someone never written to). */
export const peersAtom = atom<Record<number, BaseUser>>({});

/** Mirror of the outbox for rendering pending bubbles. */
export const outboxRecordsAtom = atom<OutboxRecord[]>([]);

/** The conversation on screen, or null: messages from this peer are read at once while the page is visible. */
export const activePeerAtom = atom<number | null>(null);

/**
 * Connection as the member experiences it: the browser's own online flag and whether the socket is down (closed
 * after having tried). Offline when either says so; the socket's first 'connecting' is not offline.
 */
export const connectionAtom = atom({ browserOnline: true, socketDown: false });
export const offlineAtom = atom((get) => {
  const c = get(connectionAtom);
  return !c.browserOnline || c.socketDown;
});

/** When the conversation list last came from the server (ms), for 'Offline, last synced …'. */
export const lastSyncedAtom = atom<number | null>(null);

/** The live service for the signed-in session (set by app/ wiring; null while signed out). */
export const chatServiceAtom = atom<ChatService | null>(null);
