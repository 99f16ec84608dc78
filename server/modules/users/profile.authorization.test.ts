/**
 * Issue 11's authorization table for the profile routes: anonymous callers get 401 and change nothing; another
 * member's token only ever acts on that member, never on the owner; the owner's own call works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '#protocol/user.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { bearer, call, latestCode, login, makeApp, md5, type TestApp } from '../../test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const API = '/h5-api/api/system/user';
const send = (method: 'PUT' | 'POST' | 'GET', url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, headers: token ? bearer(token) : {}, payload });
const info = async (token: string) => (await send('GET', `${API}/info`, token)).body.data as UserInfo;

describe('profile routes: anonymous, another member, the owner', () => {
  it('refuses anonymous callers with 401 on every route', async () => {
    const routes: ['PUT' | 'POST' | 'GET', string, object?][] = [
      ['PUT', `${API}/update`, { sign: 'x' }],
      ['PUT', `${API}/password`, { oldPassword: md5('a'), newPassword: md5('b') }],
      ['POST', `${API}/email/code`, { email: 'new@example.com', password: md5('a') }],
      ['PUT', `${API}/email`, { email: 'new@example.com', code: '123456' }],
      ['GET', `${API}/info`],
      ['GET', '/h5-api/api/user/block/list'],
    ];
    for (const [method, url, payload] of routes) {
      const res = await send(method, url, undefined, payload);
      expect([url, res.status]).toEqual([url, 401]);
    }
  });

  it('lets another member change only themselves: the owner keeps name, password and e-mail', async () => {
    const owner = await member(t.app);
    const other = await member(t.app);
    const before = await info(owner.token);
    // The other member's calls name no owner: each acts on the caller.
    expect((await send('PUT', `${API}/update`, other.token, { username: `o_${other.id}` })).status).toBe(200);
    expect(
      (await send('PUT', `${API}/password`, other.token, { oldPassword: md5('secret123'), newPassword: md5('x1234') }))
        .status,
    ).toBe(200);
    expect(
      (
        await send('POST', `${API}/email/code`, other.token, {
          email: `n${other.id}@example.com`,
          password: md5('x1234'),
        })
      ).status,
    ).toBe(200);
    const code = await latestCode(t.dataDir, `n${other.id}@example.com`);
    // The owner cannot use a code sent for the other member's change.
    expect((await send('PUT', `${API}/email`, owner.token, { email: `n${other.id}@example.com`, code })).status).toBe(
      400,
    );
    const after = await info(owner.token);
    expect([after.username, after.email]).toEqual([before.username, before.email]);
    expect((await send('GET', `${API}/info`, owner.token)).status).toBe(200);
    expect((await login(t.app, owner.username, md5('secret123'))).status).toBe(200);
    // A member's change of their own address works.
    expect((await send('PUT', `${API}/email`, other.token, { email: `n${other.id}@example.com`, code })).status).toBe(
      200,
    );
    expect((await info(other.token)).email).toBe(`n${other.id}@example.com`);
  });
});
