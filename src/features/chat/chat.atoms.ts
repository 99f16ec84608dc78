import { atom } from 'jotai';
import { http } from '#lib/http.ts';

/** Unread total for the header badge; the socket's `unreadAll` frames will write it too. */
export const unreadCountAtom = atom(0);

export const loadUnreadAtom = atom(null, async (_get, set) => {
  // Silent: a badge that cannot load is not worth a warning.
  const count = await http.get<number>('/api/chat/content/unread', undefined, { silent: true }).catch(() => null);
  if (typeof count === 'number') set(unreadCountAtom, count);
});
