/** Moments over REST (docs/api.md, Moments): one function per endpoint on lib/http. */
import { http } from '#lib/http.ts';
import type { Moment, MomentPage } from '#protocol/moment.ts';

export interface PageCursor {
  cursor?: string | null;
  size?: number;
}

/** Silent: the feed shows its own error state with Try again. */
export const fetchSquare = ({ cursor, size }: PageCursor = {}) =>
  http.get<MomentPage>('/api/moment/square', { cursor, size }, { silent: true });

export const fetchMemberMoments = (userId: number, { cursor, size }: PageCursor = {}) =>
  http.get<MomentPage>(`/api/moment/user/${userId}`, { cursor, size }, { silent: true });

/** Refusals show beside the composer, not as a toast. */
export const postMoment = (body: { text: string; images: string[]; alts: string[] }) =>
  http.post<Moment>('/api/moment/add', body, { silent: true });

export const deleteMoment = (id: number) => http.delete<null>(`/api/moment/${id}`);
