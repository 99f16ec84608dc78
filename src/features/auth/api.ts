/** Calls of docs/api.md, Authentication and Users, that the session needs. Passwords leave as md5. */
import { http } from '#lib/http.ts';
import { md5 } from '#lib/md5.ts';
import type { UserInfo } from '#protocol/user.ts';

/** Forms show these errors inline, so the global toast stays quiet. */
const quiet = { silent: true } as const;

export async function loginRequest(keyword: string, password: string): Promise<string> {
  const hashed = await md5(password);
  return http.post<string>('/api/system/user/login', { keyword: keyword.trim(), password: hashed }, quiet);
}

interface RegisterInput {
  username: string;
  email: string;
  password: string;
  birthday: string;
  gender: 1 | 2;
  country: string;
  countryId: number;
  height?: number | null;
  weight?: number | null;
  language?: string;
}

export async function registerRequest(input: RegisterInput): Promise<string> {
  const hashed = await md5(input.password);
  return http.post<string>('/api/system/user/register', { ...input, password: hashed }, quiet);
}

export function logoutRequest(): Promise<null> {
  return http.post<null>('/api/system/user/logout', undefined, quiet);
}

export function fetchUserInfo(): Promise<UserInfo> {
  return http.get<UserInfo>('/api/system/user/info');
}

export function sendResetCode(email: string): Promise<null> {
  return http.post<null>('/api/system/user/code', { email: email.trim() }, quiet);
}

export async function resetPassword(email: string, code: string, password: string): Promise<null> {
  const hashed = await md5(password);
  return http.post<null>('/api/system/user/reset', { email: email.trim(), code: code.trim(), password: hashed }, quiet);
}
