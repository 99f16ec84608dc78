/** Chat over REST (docs/api.md, Chat over REST, Files, Users: block list): one function per endpoint on lib/http. */
import { http } from '#lib/http.ts';
import type { Message } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { Conversation } from './chat.rules.ts';

export const HISTORY_PAGE_SIZE = 30;

// Silent: the badge and list show their own states; a toast for each background refresh would be noise.
export const fetchUnread = () => http.get<number>('/api/chat/content/unread', undefined, { silent: true });

export const fetchConversations = () =>
  http.get<Conversation[]>('/api/chat/conversations', undefined, { silent: true });

export const fetchHistory = (peerId: number, before?: number) =>
  http.get<Message[]>(
    `/api/chat/history/${peerId}`,
    { before: before ?? null, size: HISTORY_PAGE_SIZE },
    { silent: true },
  );

export const fetchBlockList = () => http.get<BaseUser[]>('/api/user/block/list', undefined, { silent: true });

/** Silent while offline: the header shows a placeholder and the next resync fills it in. */
export const fetchChatPeer = (userId: number, options: { silent?: boolean } = {}) =>
  http.get<BaseUser>(`/api/system/user/base/${userId}`, undefined, options);
