import { http } from '#lib/http.ts';
import type { UserInfo } from '#protocol/user.ts';

/** What PUT update may change; the e-mail has its own flow with a code (docs/api.md, Authentication). */
export type ProfileChanges = Partial<
  Pick<
    UserInfo,
    'avatar' | 'birthday' | 'country' | 'countryId' | 'gender' | 'height' | 'sign' | 'username' | 'weight' | 'language'
  >
>;

/** PUT the changed profile fields; the server merges them and answers the new UserInfo. */
export function updateProfile(changes: ProfileChanges): Promise<UserInfo> {
  return http.put<UserInfo>('/api/system/user/update', changes);
}
