import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  bearer,
  call,
  countUsers,
  latestCode,
  login,
  makeApp,
  md5,
  register,
  type TestApp,
} from '../../test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** The spec's e-mail rule wants a lowercase suffix, so case changes go into the local part. */
const upperLocal = (email: string) => email.replace(/^[^@]+/, (local) => local.toUpperCase());

const info = (token: string) => call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(token) });

describe('register', () => {
  it('answers a token, creates one member with 1500 register characters and a ledger row', async () => {
    const before = await countUsers(t.app);
    const m = await register(t.app, { username: 'Zoe_R', email: 'Zoe.R@Example.com' });
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await countUsers(t.app)).toBe(before + 1);
    const me = await info(m.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'Zoe_R', email: 'Zoe.R@Example.com', registerCharacterCount: 1500 });
    const ledger = await t.app.amity.db.selectFrom('ledger').selectAll().execute();
    const mine = ledger.filter((r) => r.user_id === (me.body.data as { id: number }).id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'register_character', reason: 'registration' });
    expect(Number(mine[0]!.delta)).toBe(1500);
    expect(Number(mine[0]!.balance_after)).toBe(1500);
  });

  it('stores an argon2id hash, never the md5 or the token', async () => {
    const m = await register(t.app);
    const row = await t.app.amity.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', m.username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(m.password);
    const sessions = await t.app.amity.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', row.id)
      .execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(m.token);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('two concurrent registrations of one name give one 200 and one 409, never a 500', async () => {
    const body = {
      username: 'racer',
      email: 'racer@example.com',
      password: md5('x1234'),
      birthday: '1990-01-01',
      gender: 1,
      country: 'Peru',
    };
    const [a, b] = await Promise.all([
      call(t.app, { method: 'POST', url: `${API}/register`, payload: body }),
      call(t.app, { method: 'POST', url: `${API}/register`, payload: { ...body, email: 'RACER2@example.com' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe('Username is already taken');
  });
});

describe('login and logout', () => {
  it('signs in by username or e-mail in any case', async () => {
    const m = await register(t.app);
    for (const keyword of [
      m.username,
      m.username.toUpperCase(),
      m.email,
      m.email.toUpperCase(),
      ` ${upperLocal(m.email)} `,
    ]) {
      const res = await login(t.app, keyword, m.password);
      expect(res.status, keyword).toBe(200);
      expect(res.body).toMatchObject({ code: 200, message: null });
      expect((await info(res.body.data as string)).status).toBe(200);
    }
  });

  it('logout revokes that token only', async () => {
    const m = await register(t.app);
    const other = (await login(t.app, m.username, m.password)).body.data as string;
    const out = await call(t.app, { method: 'POST', url: `${API}/logout`, headers: bearer(m.token) });
    expect(out.body).toEqual({ code: 200, message: null, data: null });
    const after = await info(m.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, message: 'Please sign in', data: null });
    expect((await info(other)).status).toBe(200);
  });

  it('a token unused for 30 days has expired', async () => {
    const m = await register(t.app);
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await t.app.amity.db.updateTable('sessions').set({ last_used_at: longAgo }).execute();
    expect((await info(m.token)).status).toBe(401);
  });

  it('missing, malformed and unknown tokens get 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await call(t.app, { method: 'GET', url: `${API}/info`, headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please sign in');
    }
  });
});

describe('password change', () => {
  it('needs the old password, then revokes every other token, keeps this one and accepts only the new password', async () => {
    const m = await register(t.app);
    const second = (await login(t.app, m.username, m.password)).body.data as string;
    const wrong = await call(t.app, {
      method: 'PUT',
      url: `${API}/password`,
      headers: bearer(m.token),
      payload: { oldPassword: md5('nope'), newPassword: md5('newpass') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('oldPassword is wrong');

    const res = await call(t.app, {
      method: 'PUT',
      url: `${API}/password`,
      headers: bearer(m.token),
      payload: { oldPassword: m.password, newPassword: md5('newpass') },
    });
    expect(res.body).toEqual({ code: 200, message: null, data: null });
    // The device that changed it stays signed in; every other one is signed out.
    expect((await info(m.token)).status).toBe(200);
    expect((await info(second)).status).toBe(401);
    expect((await login(t.app, m.username, m.password)).status).toBe(400);
    expect((await login(t.app, m.username, md5('newpass'))).status).toBe(200);
  });
});

describe('code and reset', () => {
  it('mails a 6-digit code that resets the password once and revokes tokens', async () => {
    const m = await register(t.app);
    const sent = await call(t.app, { method: 'POST', url: `${API}/code`, payload: { email: upperLocal(m.email) } });
    expect(sent.body).toEqual({ code: 200, message: null, data: null });
    const code = await latestCode(t.dataDir, m.email);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await call(t.app, {
      method: 'POST',
      url: `${API}/reset`,
      payload: { email: m.email, code: wrongCode, password: md5('reset1') },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('code is wrong or has expired');

    const ok = await call(t.app, {
      method: 'POST',
      url: `${API}/reset`,
      payload: { email: m.email, code, password: md5('reset1') },
    });
    expect(ok.body).toEqual({ code: 200, message: null, data: null });
    expect((await info(m.token)).status).toBe(401);
    expect((await login(t.app, m.email, md5('reset1'))).status).toBe(200);

    const again = await call(t.app, {
      method: 'POST',
      url: `${API}/reset`,
      payload: { email: m.email, code, password: md5('reset2') },
    });
    expect(again.status).toBe(400);
  });

  it('an expired code is refused', async () => {
    const m = await register(t.app);
    await call(t.app, { method: 'POST', url: `${API}/code`, payload: { email: m.email } });
    const code = await latestCode(t.dataDir, m.email);
    await t.app.amity.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await call(t.app, {
      method: 'POST',
      url: `${API}/reset`,
      payload: { email: m.email, code, password: md5('reset1') },
    });
    expect(res.status).toBe(400);
    expect((await login(t.app, m.email, m.password)).status).toBe(200);
  });

  it('answers 200 for an unknown address and mails nothing', async () => {
    const res = await call(t.app, { method: 'POST', url: `${API}/code`, payload: { email: 'nobody@example.com' } });
    expect(res.body).toEqual({ code: 200, message: null, data: null });
    await expect(latestCode(t.dataDir, 'nobody@example.com')).rejects.toThrow('no code');
  });
});
