import { http } from '#lib/http.ts';
import type { PageOf, PageQuery, Visitor } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';

/** Silent: the friend panel shows its own error state ('No such member', or Try again). */
export const fetchBaseUser = (userId: string) =>
  http.get<BaseUser>(`/api/system/user/base/${encodeURIComponent(userId)}`, undefined, { silent: true });
/** Silent: a failed read leaves the toggle at 'Like', which still works (like/add sets the state). */
export const fetchLikes = (userId: string) =>
  http.get<boolean>(`/api/user/like/user/${encodeURIComponent(userId)}`, undefined, { silent: true });
/** Silent: the friend panel rolls back and says so itself. */
export const setLike = (userId: number, like: boolean) =>
  http.post<boolean>('/api/user/like/add', { userId, like }, { silent: true });
/** Silent by spec (section 7). */
export const addVisit = (userId: number) =>
  http.post<null>('/api/user/visitor/add', { userId }, { silent: true }).catch(() => null);
export const reportUser = (reportedId: number, type: number) =>
  http.post<null>('/api/system/report/add', { reportedId, type });

export const fetchLikedMe = (q: PageQuery) => http.get<PageOf<BaseUser>>('/api/user/like/me', { ...q });
export const fetchMyLikes = (q: PageQuery) => http.get<PageOf<BaseUser>>('/api/user/like/mine', { ...q });
export const fetchVisitors = (q: PageQuery) => http.get<PageOf<Visitor>>('/api/user/visitor/list', { ...q });
/** `silent` for a corner that shows its own error (the square's column of members to meet). */
export const fetchMeet = (q: PageQuery, options: { silent?: boolean } = {}) =>
  http.get<PageOf<BaseUser>>('/api/system/user/meet', { ...q }, options);
export const searchMembers = (keyword: string, q: PageQuery) =>
  http.get<PageOf<BaseUser>>('/api/system/user/search', { keyword, ...q });
