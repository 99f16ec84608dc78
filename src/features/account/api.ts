import { http } from '#lib/http.ts';
import type { UserInfo } from '#protocol/user.ts';

/** PUT the changed profile fields; the server merges them and answers the new UserInfo. */
export function updateProfile(changes: Partial<UserInfo>): Promise<UserInfo> {
  return http.put<UserInfo>('/api/system/user/update', changes);
}
