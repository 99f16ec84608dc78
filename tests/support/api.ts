/** Direct REST calls for test set-up: members are made over the API, what is under test goes through the UI. */
import { createHash } from 'node:crypto';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/h5-api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

export interface Member {
  id: number;
  username: string;
  password: string;
  token: string;
}

export async function registerMember(base: string, username: string, password = 'secret42'): Promise<Member> {
  const token = await call<string>(base, 'POST', '/api/system/user/register', {
    username,
    email: `${username.replace(/_/g, '')}@example.com`,
    password: md5(password),
    birthday: '1992-06-15',
    gender: 2,
    country: 'Spain',
    countryId: 724,
  });
  const info = await call<{ id: number }>(base, 'GET', '/api/system/user/info', undefined, token);
  return { id: info.id, username, password, token };
}
