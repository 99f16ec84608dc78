import { http } from '#lib/http.ts';
import type { BaseUser } from '#protocol/user.ts';

export const fetchBaseUser = (userId: string) =>
  http.get<BaseUser>(`/api/system/user/base/${encodeURIComponent(userId)}`);
export const fetchLikes = (userId: string) => http.get<boolean>(`/api/user/like/user/${encodeURIComponent(userId)}`);
export const setLike = (userId: number, like: boolean) => http.post<boolean>('/api/user/like/add', { userId, like });
/** Silent by spec (section 7). */
export const addVisit = (userId: number) =>
  http.post<null>('/api/user/visitor/add', { userId }, { silent: true }).catch(() => null);
export const reportUser = (reportedId: number, type: number) =>
  http.post<null>('/api/system/report/add', { reportedId, type });
