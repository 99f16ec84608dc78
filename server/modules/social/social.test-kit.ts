/** Test helpers of the social tests (tests only): members with ids, and one-line calls of the endpoints. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { UserInfo } from '#protocol/user.ts';
import { API, bearer, call, type JsonResponse, register } from '../../test-helper.ts';

export const ROOT = '/h5-api';

export interface Member {
  id: number;
  token: string;
  username: string;
}

export async function member(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Member> {
  const m = await register(app, overrides);
  const res = await call(app, { method: 'GET', url: `${API}/info`, headers: bearer(m.token) });
  return { id: (res.body.data as UserInfo).id, token: m.token, username: m.username };
}

export function get(app: FastifyInstance, who: Member, url: string): Promise<JsonResponse> {
  return call(app, { method: 'GET', url: `${ROOT}${url}`, headers: bearer(who.token) });
}

export function post(app: FastifyInstance, who: Member, url: string, payload: unknown): Promise<JsonResponse> {
  return call(app, { method: 'POST', url: `${ROOT}${url}`, headers: bearer(who.token), payload: payload as object });
}

/** The data of a 200 answer. */
export function data<T>(res: JsonResponse): T {
  expect(res.body.code, String(res.body.message)).toBe(200);
  return res.body.data as T;
}

export const ids = (page: { list: { id: number }[] }) => page.list.map((u) => u.id);
