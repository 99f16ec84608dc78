import { http } from '#lib/http.ts';
import { md5 } from '#lib/md5.ts';
import type { UserInfo } from '#protocol/user.ts';

/** What PUT update may change; the e-mail has its own flow with a code (docs/api.md, Authentication). */
export type ProfileChanges = Partial<
  Pick<
    UserInfo,
    'avatar' | 'birthday' | 'country' | 'countryId' | 'gender' | 'height' | 'sign' | 'username' | 'weight' | 'language'
  >
>;

/** PUT the changed profile fields; the server merges them and answers the new UserInfo. */
export function updateProfile(changes: ProfileChanges, opts?: { silent?: boolean }): Promise<UserInfo> {
  return http.put<UserInfo>('/api/system/user/update', changes, opts);
}

/** Forms show these refusals beside their fields, so the global toast stays quiet. */
const quiet = { silent: true } as const;

/** PUT password: the server signs out every other device and keeps this one (docs/api.md, Authentication). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<null> {
  const [oldHash, newHash] = await Promise.all([md5(oldPassword), md5(newPassword)]);
  return http.put<null>('/api/system/user/password', { oldPassword: oldHash, newPassword: newHash }, quiet);
}

/** Step 1 of a new e-mail address: the current password proves it is me; a code goes to the new address. */
export async function requestEmailCode(email: string, password: string): Promise<null> {
  return http.post<null>('/api/system/user/email/code', { email: email.trim(), password: await md5(password) }, quiet);
}

/** Step 2: the code from the new address changes it. */
export function confirmEmail(email: string, code: string): Promise<null> {
  return http.put<null>('/api/system/user/email', { email: email.trim(), code: code.trim() }, quiet);
}
