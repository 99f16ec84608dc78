/** Every auth endpoint against hostile and sloppy input: a 4xx naming the problem, never a 500, no row created. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  bearer,
  call,
  countUsers,
  login,
  makeApp,
  md5,
  newMember,
  register,
  type TestApp,
} from '../../test-helper.ts';

let t: TestApp;
let existing: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await makeApp();
  existing = await register(t.app, { username: 'Taken_Name', email: 'taken@example.com' });
});
afterAll(async () => {
  await t?.close();
});

async function expectRegisterRefused(payload: unknown, status: number, message: string | RegExp) {
  const before = await countUsers(t.app);
  const res = await call(t.app, { method: 'POST', url: `${API}/register`, payload: payload as object });
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(status);
  expect(res.body.data).toBeNull();
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(await countUsers(t.app)).toBe(before);
}

describe('register refuses bad input without creating a member', () => {
  const valid = () => newMember();
  const without = (field: string) => {
    const body: Record<string, unknown> = valid();
    delete body[field];
    return body;
  };

  it.each(['username', 'email', 'password', 'birthday', 'gender', 'country'])('missing %s', async (field) => {
    await expectRegisterRefused(without(field), 400, `${field} is required`);
  });

  it.each([
    ['username', 42, 'username must be a string'],
    ['username', ['a', 'b'], 'username must be a string'],
    ['username', null, 'username is required'],
    ['email', 12345, 'email must be a string'],
    ['password', { md5: 'x' }, 'password must be a string'],
    ['birthday', 19900101, 'birthday must be a string'],
    ['gender', '1', 'gender must be 1 (male) or 2 (female)'],
    ['gender', 3, 'gender must be 1 (male) or 2 (female)'],
    ['country', true, 'country must be a string'],
    ['height', '180', 'height must be a number'],
    ['height', 999, 'height must be at most 272'],
    ['weight', 60.5, 'weight must be a whole number'],
  ])('%s = %j', async (field, value, message) => {
    await expectRegisterRefused({ ...valid(), [field]: value }, 400, message);
  });

  it.each([
    ['empty username', { username: '' }, /^username must be 2-20 letters/],
    ['whitespace username', { username: '   ' }, /^username must be 2-20 letters/],
    ['over-long username', { username: 'a'.repeat(21) }, /^username must be 2-20 letters/],
    ['unicode username', { username: 'zoë' }, /^username must be 2-20 letters/],
    ['SQL in username', { username: "' OR 1=1 --" }, /^username must be 2-20 letters/],
    ['empty email', { email: '' }, 'email is not a valid e-mail address'],
    ['bad email', { email: 'not-an-email' }, 'email is not a valid e-mail address'],
    ['SQL in email', { email: "x' OR '1'='1@example.com" }, 'email is not a valid e-mail address'],
    ['over-long email', { email: `${'a'.repeat(250)}@example.com` }, 'email must be at most 254 characters'],
    ['plain password', { password: 'secret123' }, 'password must be the lowercase hex md5 of the typed password'],
    [
      'uppercase md5',
      { password: md5('x').toUpperCase() },
      'password must be the lowercase hex md5 of the typed password',
    ],
    ['impossible birthday', { birthday: '1990-02-30' }, 'birthday must be a date as YYYY-MM-DD'],
    ['not a date', { birthday: 'yesterday' }, 'birthday must be a date as YYYY-MM-DD'],
    ['under 18', { birthday: `${new Date().getUTCFullYear() - 17}-01-01` }, 'birthday: you must be at least 18'],
    ['future birthday', { birthday: `${new Date().getUTCFullYear() + 1}-01-01` }, 'birthday: you must be at least 18'],
    ['ancient birthday', { birthday: '1800-01-01' }, 'birthday must be a real date of birth'],
    ['whitespace country', { country: '  \t ' }, 'country is required'],
    ['over-long country', { country: 'x'.repeat(65) }, 'country must be at most 64 characters'],
  ])('%s', async (_why, change, message) => {
    await expectRegisterRefused({ ...valid(), ...change }, 400, message);
  });

  it.each([
    ['username in another case', { username: 'taken_NAME' }, 'Username is already taken'],
    ['email in another case', { email: 'TAKEN@example.com' }, 'Email is already registered'],
  ])('%s → 409', async (_why, change, message) => {
    await expectRegisterRefused({ ...valid(), ...change }, 409, message);
  });

  it.each([
    ['an array', [1, 2]],
    ['null', null],
    ['a string', 'hello'],
  ])('a body that is %s', async (_why, payload) => {
    const before = await countUsers(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body must be a JSON object');
    expect(await countUsers(t.app)).toBe(before);
  });

  it('malformed JSON names the problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
    expect(res.json().message).toMatch(/^The request body is not valid JSON/);
  });

  it('an empty JSON body is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/empty/);
  });

  it('a body over the limit is a 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid(), sign: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'The request body is too large', data: null });
  });

  it('unknown fields are ignored, and SQL-looking text is stored as text', async () => {
    const body = { ...valid(), country: "Robert'); DROP TABLE users; --", isAdmin: true, staff_account: true };
    const res = await call(t.app, { method: 'POST', url: `${API}/register`, payload: body });
    expect(res.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(res.body.data as string) });
    expect(me.body.data).toMatchObject({ country: "Robert'); DROP TABLE users; --", staffAccount: false });
  });
});

describe('login refuses bad input', () => {
  it.each([
    [{}, 'keyword is required'],
    [{ keyword: 'someone' }, 'password is required'],
    [{ keyword: '', password: md5('x') }, 'keyword is required'],
    [{ keyword: '   ', password: md5('x') }, 'keyword is required'],
    [{ keyword: 7, password: md5('x') }, 'keyword must be a string'],
    [{ keyword: ['a'], password: md5('x') }, 'keyword must be a string'],
    [{ keyword: 'x'.repeat(255), password: md5('x') }, 'keyword must be at most 254 characters'],
    [{ keyword: 'someone', password: 'plaintext' }, 'password must be the lowercase hex md5 of the typed password'],
  ])('%j', async (payload, message) => {
    const res = await call(t.app, { method: 'POST', url: `${API}/login`, payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, data: null });
  });

  it('unknown member and wrong password give the identical answer', async () => {
    const unknown = await login(t.app, 'no_such_member', md5('whatever'));
    const wrong = await login(t.app, existing.username, md5('whatever'));
    const sql = await login(t.app, "' OR 1=1 --", md5('whatever'));
    const expected = { code: 400, message: 'Wrong username or password', data: null };
    expect(unknown.body).toEqual(expected);
    expect(wrong.body).toEqual(expected);
    expect(sql.body).toEqual(expected);
    expect(unknown.status).toBe(wrong.status);
  });
});

describe('other endpoints refuse bad input', () => {
  it.each([
    [`${API}/code`, {}, 'email is required'],
    [`${API}/code`, { email: 'nope' }, 'email is not a valid e-mail address'],
    [`${API}/code`, { email: null }, 'email is required'],
    [`${API}/reset`, { email: 'taken@example.com', password: md5('x') }, 'code is required'],
    [
      `${API}/reset`,
      { email: 'taken@example.com', code: '12345', password: md5('x') },
      'code must be the 6 digits from the e-mail',
    ],
    [`${API}/reset`, { email: 'taken@example.com', code: 123456, password: md5('x') }, 'code must be a string'],
    [
      `${API}/reset`,
      { email: 'taken@example.com', code: '123456', password: 'x' },
      'password must be the lowercase hex md5 of the typed password',
    ],
  ])('%s %j', async (url, payload, message) => {
    const res = await call(t.app, { method: 'POST', url, payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, data: null });
  });

  it('password change needs a token, then md5 values', async () => {
    const anon = await call(t.app, { method: 'PUT', url: `${API}/password`, payload: {} });
    expect(anon.status).toBe(401);
    const res = await call(t.app, {
      method: 'PUT',
      url: `${API}/password`,
      headers: bearer(existing.token),
      payload: { oldPassword: existing.password },
    });
    expect(res.body).toEqual({ code: 400, message: 'newPassword is required', data: null });
  });

  it('logout without a token is 401', async () => {
    const res = await call(t.app, { method: 'POST', url: `${API}/logout` });
    expect(res.body).toEqual({ code: 401, message: 'Please sign in', data: null });
  });

  it('an unknown API route is a 404 envelope', async () => {
    const res = await call(t.app, { method: 'POST', url: '/h5-api/api/system/user/nothing', payload: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 404,
      message: 'No such endpoint: POST /h5-api/api/system/user/nothing',
      data: null,
    });
  });

  it('a wrong method on a known path is a 404 envelope too', async () => {
    const res = await call(t.app, { method: 'GET', url: `${API}/login` });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});
