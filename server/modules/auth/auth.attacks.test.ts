/**
 * Issue 7 items 3, 4, 10, 12, 13 tried as an attacker would: codes guessed many times, from many IPs, in any case,
 * requested over and over; passwords guessed to lock the owner out; e-mail changes without proof.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODES_PER_DAY,
  PROFILE_UPDATES_PER_MINUTE,
} from '#protocol/constants.ts';
import {
  API,
  bearer,
  call,
  latestCode,
  login,
  makeApp,
  md5,
  readOutbox,
  register,
  type TestApp,
} from '../../test-helper.ts';

const START = new Date('2026-06-01T10:00:00Z');
let now = START;
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_ACCOUNT_PER_MIN: '10', RATE_LIMIT_PROFILE_PER_MIN: '10' }, { now: () => now });
});
afterAll(async () => {
  await t?.close();
});

/** Every test starts a day later, so the cooldowns and caps of the others are over. */
const nextDay = () => {
  now = new Date(now.getTime() + 86_400_000 * 2);
};
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

const post = (url: string, payload: object, ip = '203.0.113.1', token?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: `${API}${url}`,
      payload,
      remoteAddress: ip,
      ...(token ? { headers: bearer(token) } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] }));
const put = (url: string, payload: object, token: string) =>
  call(t.app, { method: 'PUT', url: `${API}${url}`, payload, headers: bearer(token) });

const askCode = (email: string, ip?: string) => post('/code', { email }, ip);
const reset = (email: string, code: string, password = md5('new-secret'), ip?: string) =>
  post('/reset', { email, code, password }, ip);
const mailsTo = async (email: string) =>
  (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase() === email.toLowerCase());
/** A six-digit code that is not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
const upperLocal = (email: string) => email.replace(/^[^@]+/, (local) => local.toUpperCase());

describe('password-reset codes (items 3, 13)', () => {
  it('a new code replaces the old one', async () => {
    nextDay();
    const m = await register(t.app);
    expect((await askCode(m.email)).status).toBe(200);
    const first = await latestCode(t.dataDir, m.email);
    later(CODE_RESEND_SECONDS);
    expect((await askCode(m.email)).status).toBe(200);
    const second = await latestCode(t.dataDir, m.email);
    if (first !== second) expect((await reset(m.email, first)).body.message).toBe('code is wrong or has expired');
    expect((await reset(m.email, second)).status).toBe(200);
    expect((await login(t.app, m.username, md5('new-secret'))).status).toBe(200);
  });

  it('a code dies after 5 wrong guesses from many IPs and in any case, even before the right one', async () => {
    nextDay();
    const m = await register(t.app);
    await askCode(m.email);
    const code = await latestCode(t.dataDir, m.email);
    for (let i = 1; i <= CODE_MAX_ATTEMPTS; i++) {
      const email = i % 2 ? upperLocal(m.email) : m.email;
      const res = await reset(email, wrong(code, i), md5('hijack'), `198.51.100.${i}`);
      expect(res.body).toEqual({ code: 400, message: 'code is wrong or has expired', data: null });
    }
    expect((await reset(m.email, code, md5('hijack'), '192.0.2.200')).body.message).toBe(
      'code is wrong or has expired',
    );
    expect((await login(t.app, m.username, m.password)).status).toBe(200);
  });

  it('four wrong guesses leave the code usable by its owner', async () => {
    nextDay();
    const m = await register(t.app);
    await askCode(m.email);
    const code = await latestCode(t.dataDir, m.email);
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect((await reset(m.email, wrong(code, i))).status).toBe(400);
    expect((await reset(m.email, code)).status).toBe(200);
    // Used once, dead.
    expect((await reset(m.email, code, md5('again'))).status).toBe(400);
  });

  it('guesses sent all at once are each counted', async () => {
    nextDay();
    const m = await register(t.app);
    await askCode(m.email);
    const code = await latestCode(t.dataDir, m.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => reset(m.email, wrong(code, i + 1), md5('x'), `198.51.100.${i}`)),
    );
    // Past RATE_LIMIT_ACCOUNT_PER_MIN the address is refused before any guess is looked at.
    expect(guesses.filter((g) => g.status === 400).length).toBe(10);
    expect(guesses.filter((g) => g.status === 429).length).toBe(2);
    later(61);
    expect((await reset(m.email, code)).status).toBe(400);
  });

  it('a second request inside the cooldown gets the same 429 for a member and for an unknown address, and no mail', async () => {
    nextDay();
    const m = await register(t.app);
    const unknown = `nobody${Date.now()}@example.com`;
    for (const email of [m.email, unknown]) expect((await askCode(email)).status).toBe(200);
    const mailsBefore = (await readOutbox(t.dataDir)).length;
    later(CODE_RESEND_SECONDS - 1);
    const answers = [];
    for (const email of [m.email, unknown, upperLocal(m.email), upperLocal(unknown)]) {
      answers.push(await askCode(email, '192.0.2.77'));
    }
    for (const a of answers) {
      expect(a.status).toBe(429);
      expect(a.retryAfter).toBe('1');
      expect(a.body).toEqual({
        code: 429,
        message: 'Please wait 1 seconds before asking for another code',
        data: null,
      });
    }
    expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore);
    later(1);
    expect((await askCode(m.email)).status).toBe(200);
    expect((await askCode(unknown)).status).toBe(200);
    expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore + 1);
  });

  it(`at most ${CODES_PER_DAY} codes a day per address, member or not`, async () => {
    nextDay();
    const m = await register(t.app);
    const unknown = `ghost${Date.now()}@example.com`;
    const before = (await mailsTo(m.email)).length;
    const dayStart = now;
    for (let i = 0; i < CODES_PER_DAY; i++) {
      expect((await askCode(m.email, `198.51.100.${i}`)).status).toBe(200);
      expect((await askCode(unknown, `198.51.100.${i}`)).status).toBe(200);
      later(CODE_RESEND_SECONDS + 1);
    }
    expect((await mailsTo(m.email)).length).toBe(before + CODES_PER_DAY);
    later(3600);
    for (const email of [m.email, unknown]) {
      const refused = await askCode(email, '192.0.2.9');
      expect(refused.status).toBe(429);
      const waited = (now.getTime() - dayStart.getTime()) / 1000;
      expect(Number(refused.retryAfter)).toBe(86_400 - waited);
    }
    expect((await mailsTo(m.email)).length).toBe(before + CODES_PER_DAY);
    now = new Date(dayStart.getTime() + 86_400_000 + 1000);
    expect((await askCode(m.email)).status).toBe(200);
  });
});

describe('login throttling by account and IP together (item 10)', () => {
  it('ten wrong passwords slow the attacker’s address, never the owner elsewhere', async () => {
    nextDay();
    const m = await register(t.app);
    const attacker = '198.51.100.66';
    const signIn = (keyword: string, password: string, ip: string) =>
      post('/login', { keyword, password }, ip).then((r) => r.status);
    for (let i = 0; i < 10; i++) expect(await signIn(m.username, md5(`guess${i}`), attacker)).toBe(400);
    // The attacker's address is held for this account, even with the right password and in another case …
    expect(await signIn(m.username, md5('guess10'), attacker)).toBe(429);
    expect(await signIn(m.username.toUpperCase(), m.password, attacker)).toBe(429);
    // … while the owner signs in from home, again and again (successes are not counted).
    for (let i = 0; i < 12; i++) expect(await signIn(m.username, m.password, '192.0.2.10')).toBe(200);
    expect(await signIn(m.email, m.password, '192.0.2.11')).toBe(200);
    later(61);
    expect(await signIn(m.username, m.password, attacker)).toBe(200);
  });

  it('the 429 says when to come back', async () => {
    nextDay();
    const m = await register(t.app);
    for (let i = 0; i < 10; i++) await post('/login', { keyword: m.email, password: md5('no') }, '198.51.100.7');
    later(20);
    const res = await post('/login', { keyword: m.email, password: md5('no') }, '198.51.100.7');
    expect(res.status).toBe(429);
    expect(res.retryAfter).toBe('40');
  });
});

describe('changing the e-mail (item 4)', () => {
  const askEmailCode = (token: string, email: string, password: string) =>
    post('/email/code', { email, password }, '203.0.113.5', token);
  const confirm = (token: string, email: string, code: string) => put('/email', { email, code }, token);
  const info = async (token: string) =>
    (await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(token) })).body.data as { email: string };

  it('needs the current password; the code goes to the new address; the old one is told', async () => {
    nextDay();
    const m = await register(t.app);
    const to = `moved${Date.now()}@example.com`;
    expect((await askEmailCode(m.token, to, md5('not-it'))).body).toEqual({
      code: 400,
      message: 'password is wrong',
      data: null,
    });
    expect(await mailsTo(to)).toEqual([]);
    expect((await askEmailCode(m.token, to, m.password)).status).toBe(200);
    const code = await latestCode(t.dataDir, to);
    expect((await info(m.token)).email).toBe(m.email);
    expect((await confirm(m.token, to, code)).body).toEqual({ code: 200, message: null, data: null });
    expect((await info(m.token)).email).toBe(to);
    const notice = (await mailsTo(m.email)).at(-1)!;
    expect(notice.subject).toBe('Your Amity address was changed');
    expect(notice.text).toContain(to);
    expect((await login(t.app, to, m.password)).status).toBe(200);
    // The code is spent.
    expect((await confirm(m.token, to, code)).status).toBe(400);
  });

  it('a taken address gets a notice, the caller the same 200, and no code confirms it', async () => {
    nextDay();
    const owner = await register(t.app);
    const m = await register(t.app);
    const res = await askEmailCode(m.token, upperLocal(owner.email), m.password);
    expect(res.body).toEqual({ code: 200, message: null, data: null });
    const notice = (await mailsTo(owner.email)).at(-1)!;
    expect(notice.subject).toBe('Your Amity address');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect((await confirm(m.token, owner.email, '123456')).body.message).toBe('code is wrong or has expired');
    expect((await info(m.token)).email).toBe(m.email);
  });

  it('a code works only for its address and its member, and dies after 5 wrong guesses', async () => {
    nextDay();
    const m = await register(t.app);
    const thief = await register(t.app);
    const to = `mine${Date.now()}@example.com`;
    await askEmailCode(m.token, to, m.password);
    const code = await latestCode(t.dataDir, to);
    // Another member holding the code, or the code sent with another address, gets nothing.
    expect((await confirm(thief.token, to, code)).status).toBe(400);
    expect((await confirm(m.token, `other${Date.now()}@example.com`, code)).status).toBe(400);
    for (let i = 1; i <= CODE_MAX_ATTEMPTS - 1; i++)
      expect((await confirm(m.token, to, wrong(code, i))).status).toBe(400);
    expect((await confirm(m.token, to, code)).body.message).toBe('code is wrong or has expired');
    expect((await info(m.token)).email).toBe(m.email);
    expect((await info(thief.token)).email).toBe(thief.email);
  });

  it('has the resend cooldown too, and needs a token', async () => {
    nextDay();
    const m = await register(t.app);
    expect((await askEmailCode(m.token, `a${Date.now()}@example.com`, m.password)).status).toBe(200);
    const again = await askEmailCode(m.token, `b${Date.now()}@example.com`, m.password);
    expect(again.status).toBe(429);
    expect(again.retryAfter).toBe(String(CODE_RESEND_SECONDS));
    expect((await post('/email/code', { email: 'x@example.com', password: m.password })).status).toBe(401);
    expect((await call(t.app, { method: 'PUT', url: `${API}/email`, payload: {} })).status).toBe(401);
    expect(
      (await askEmailCode(m.token, m.email.toUpperCase().replace(/\.COM$/, '.com'), m.password)).body.message,
    ).toBe('email is already your address');
  });
});

describe('profile updates (item 5)', () => {
  it('are limited per member, with Retry-After, and the limit follows the member not the IP', async () => {
    nextDay();
    const m = await register(t.app);
    const other = await register(t.app);
    const put = (token: string, ip: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/update`,
        headers: bearer(token),
        remoteAddress: ip,
        payload: { sign: ip },
      });
    for (let i = 0; i < PROFILE_UPDATES_PER_MINUTE; i++) {
      expect((await put(m.token, `10.0.0.${i}`)).statusCode).toBe(200);
    }
    const refused = await put(m.token, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    // Someone else from the same address is not affected.
    expect((await put(other.token, '10.0.0.1')).statusCode).toBe(200);
    later(61);
    expect((await put(m.token, '10.9.9.9')).statusCode).toBe(200);
  });
});

describe('direction controls in usernames (item 12)', () => {
  it.each([0x202e, 0x202a, 0x2067, 0x200e, 0x061c])('register refuses U+%s', async (point) => {
    const c = String.fromCodePoint(point);
    const res = await post('/register', {
      username: `gnp${c}exe`,
      email: `bidi${point}@example.com`,
      password: md5('x'),
      birthday: '1990-01-01',
      gender: 1,
      country: 'Spain',
    });
    expect(res.body).toEqual({
      code: 400,
      message: 'username must not contain right-to-left or other text direction controls',
      data: null,
    });
  });
});
