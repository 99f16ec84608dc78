import { describe, expect, it } from 'vitest';
import { LEVEL_SENIOR, LEVEL_VIP, type UserInfo } from '#protocol/user.ts';
import { API, appOnClock, bearer, call, register } from '../../test-helper.ts';
import { upsertMembership } from './users.repository.ts';
import { EMAIL_CHANGE_ELSEWHERE } from './users.rules.ts';

const t = appOnClock('2026-03-10T08:00:00Z');

const info = async (token: string) => {
  const res = await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(token) });
  expect(res.status).toBe(200);
  return res.body.data as UserInfo;
};

describe('GET info', () => {
  it('answers every UserInfo field with derived age, constellation and allowances', async () => {
    const m = await register(t.app, { birthday: '1990-03-21', height: 170, weight: 60, language: 'es-es' });
    const me = await info(m.token);
    expect(me).toEqual({
      id: expect.any(Number),
      username: m.username,
      email: m.email,
      avatar: '',
      sign: '',
      gender: 2,
      birthday: '1990-03-21',
      weight: 60,
      height: 170,
      language: 'es-es',
      country: 'Spain',
      countryId: 724,
      age: 35,
      constellation: 'Aries',
      levelName: '',
      member: { levelName: '', remainingDay: 0 },
      staffAccount: false,
      buyCharacterCount: 0,
      giveCharacterCount: 0,
      registerCharacterCount: 1500,
      dayCharacterCount: 1500,
      monthVideoCount: 0,
      buyGoldCount: 0,
      giveGoldCount: 0,
      memberRemainingList: [],
      permissions: [],
    });
  });

  it('computes remaining days and the current member from memberships', async () => {
    const m = await register(t.app);
    const id = (await info(m.token)).id;
    await upsertMembership(t.app.amity.db, {
      user_id: id,
      level_name: LEVEL_VIP,
      level_sort: 2,
      ends_at: new Date('2026-04-09T08:00:00Z'),
    });
    await upsertMembership(t.app.amity.db, {
      user_id: id,
      level_name: LEVEL_SENIOR,
      level_sort: 1,
      ends_at: new Date('2026-03-12T20:00:00Z'),
    });
    let me = await info(m.token);
    expect(me.memberRemainingList).toEqual([
      { levelName: LEVEL_SENIOR, remainingDay: 3, levelSort: 1 },
      { levelName: LEVEL_VIP, remainingDay: 30, levelSort: 2 },
    ]);
    expect(me.member).toEqual({ levelName: LEVEL_SENIOR, remainingDay: 3 });
    expect(me.levelName).toBe(LEVEL_SENIOR);

    t.now = new Date('2026-03-13T00:00:00Z'); // the senior membership has ended
    me = await info(m.token);
    expect(me.member).toEqual({ levelName: LEVEL_VIP, remainingDay: 28 });
    t.now = new Date('2026-03-10T08:00:00Z');
  });

  it('members asking at the same moment (read together) each get their own info', async () => {
    const members = await Promise.all([register(t.app), register(t.app), register(t.app)]);
    const ids = await Promise.all(members.map(async (m) => (await info(m.token)).id));
    await upsertMembership(t.app.amity.db, {
      user_id: ids[0]!,
      level_name: LEVEL_VIP,
      level_sort: 2,
      ends_at: new Date('2026-04-09T08:00:00Z'),
    });
    await t.app.amity.db
      .insertInto('user_permissions')
      .values({ user_id: ids[1]!, permission: 'report:read' })
      .execute();
    const asked = members.flatMap((m) => [m, m, m]);
    const answers = await Promise.all(asked.map((m) => info(m.token)));
    expect(answers.map((a) => a.username)).toEqual(asked.map((m) => m.username));
    expect(answers.map((a) => a.levelName)).toEqual(asked.map((_, n) => (n < 3 ? LEVEL_VIP : '')));
    expect(answers.map((a) => a.permissions)).toEqual(asked.map((_, n) => (n >= 3 && n < 6 ? ['report:read'] : [])));
  });

  it('dayCharacterCount is what is left today and the full 1500 on a new UTC day', async () => {
    const m = await register(t.app);
    await t.app.amity.db
      .updateTable('users')
      .set({ day_characters: 200, day_characters_date: '2026-03-10' })
      .where('username', '=', m.username)
      .execute();
    expect((await info(m.token)).dayCharacterCount).toBe(200);
    t.now = new Date('2026-03-11T00:00:01Z');
    expect((await info(m.token)).dayCharacterCount).toBe(1500);
    t.now = new Date('2026-03-10T08:00:00Z');
  });

  it('gold counts arrive as numbers with cents', async () => {
    const m = await register(t.app);
    await t.app.amity.db
      .updateTable('users')
      .set({ buy_gold: '12.50', give_gold: '0.25' })
      .where('username', '=', m.username)
      .execute();
    const me = await info(m.token);
    expect(me.buyGoldCount).toBe(12.5);
    expect(me.giveGoldCount).toBe(0.25);
  });
});

describe('PUT update', () => {
  it('changes any subset, ignores unknown fields and answers UserInfo', async () => {
    const m = await register(t.app);
    const res = await call(t.app, {
      method: 'PUT',
      url: `${API}/update`,
      headers: bearer(m.token),
      payload: { sign: 'Hola 👋 — ¿qué tal?', height: 180, staffAccount: true, registerCharacterCount: 99999, id: 1 },
    });
    expect(res.status).toBe(200);
    const me = res.body.data as UserInfo;
    expect(me.sign).toBe('Hola 👋 — ¿qué tal?');
    expect(me.height).toBe(180);
    expect(me.staffAccount).toBe(false);
    expect(me.registerCharacterCount).toBe(1500);
    expect(me.username).toBe(m.username);
    expect(await info(m.token)).toEqual(me);
  });

  it('may keep its own name in another case but not take someone else’s', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const put = (payload: object) =>
      call(t.app, { method: 'PUT', url: `${API}/update`, headers: bearer(b.token), payload });
    expect((await put({ username: b.username.toUpperCase() })).status).toBe(200);
    expect((await put({ username: a.username.toUpperCase() })).body).toEqual({
      code: 409,
      message: 'Username is already taken',
      data: null,
    });
    expect((await info(b.token)).email).toBe(b.email);
  });

  it('never changes the e-mail and never says whether an address is taken (issue 7 items 4, 5)', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const put = (payload: object) =>
      call(t.app, { method: 'PUT', url: `${API}/update`, headers: bearer(b.token), payload });
    const taken = await put({ email: a.email });
    const free = await put({ email: 'nobody.has.this@example.com' });
    const takenOtherCase = await put({ email: a.email.toUpperCase().replace(/\.COM$/, '.com'), sign: 'x' });
    for (const res of [taken, free, takenOtherCase]) {
      expect(res.body).toEqual({ code: 400, message: EMAIL_CHANGE_ELSEWHERE, data: null });
    }
    expect(EMAIL_CHANGE_ELSEWHERE).toMatch(/POST \/api\/system\/user\/email\/code.*PUT \/api\/system\/user\/email/);
    // Its own address, in any case, is no change and is accepted beside other fields.
    const same = await put({ email: b.email.toUpperCase().replace(/\.COM$/, '.com'), sign: 'same address' });
    expect(same.status).toBe(200);
    const me = await info(b.token);
    expect(me.email).toBe(b.email);
    expect(me.sign).toBe('same address');
  });

  it('refuses direction controls in a new username with a clear message (issue 7 item 12)', async () => {
    const m = await register(t.app);
    for (const c of ['\u202E', '\u2066', '\u200F', '\u061C']) {
      const res = await call(t.app, {
        method: 'PUT',
        url: `${API}/update`,
        headers: bearer(m.token),
        payload: { username: `gnp${c}exe` },
      });
      expect(res.body).toEqual({
        code: 400,
        message: 'username must not contain right-to-left or other text direction controls',
        data: null,
      });
    }
    expect((await info(m.token)).username).toBe(m.username);
  });

  it('validates what it is given', async () => {
    const m = await register(t.app);
    const put = (payload: unknown) =>
      call(t.app, { method: 'PUT', url: `${API}/update`, headers: bearer(m.token), payload: payload as object });
    expect((await put({ sign: 'x'.repeat(256) })).body.message).toBe('sign must be at most 255 characters');
    expect((await put({ birthday: '2020-01-01' })).body.message).toBe('birthday: you must be at least 18');
    expect((await put({ email: 'bad' })).body.message).toBe('email is not a valid e-mail address');
    expect((await put({ country: ' ' })).body.message).toBe('country is required');
    expect((await put({ gender: 'female' })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: `${API}/update`, payload: {} })).status).toBe(401);
  });
});

describe('GET base/{userId}', () => {
  it('answers BaseUser of another member', async () => {
    const viewer = await register(t.app);
    const other = await register(t.app, { birthday: '1995-08-01', sign: 'ignored at sign-up' });
    const otherId = (await info(other.token)).id;
    const res = await call(t.app, { method: 'GET', url: `${API}/base/${otherId}`, headers: bearer(viewer.token) });
    expect(res.body).toEqual({
      code: 200,
      message: null,
      data: {
        id: otherId,
        username: other.username,
        avatar: '',
        levelName: '',
        birthday: '1995-08-01',
        age: 30,
        constellation: 'Leo',
        gender: 2,
        country: 'Spain',
        sign: '',
      },
    });
  });

  it('404 for an unknown id, 400 for a non-numeric one, 401 without a token', async () => {
    const m = await register(t.app);
    const get = (id: string, headers = bearer(m.token)) =>
      call(t.app, { method: 'GET', url: `${API}/base/${id}`, headers });
    expect((await get('999999')).body).toEqual({ code: 404, message: 'No member with id 999999', data: null });
    for (const id of ['abc', '-1', '0', '1.5', '2147483648', '99999999999', '1e3', "1'%20OR%201=1", '%00']) {
      const res = await get(id);
      expect(res.status, id).toBe(400);
      expect(res.body.message).toBe('userId must be a user id (a whole number from 1 to 2147483647)');
    }
    expect((await get('1', {} as ReturnType<typeof bearer>)).status).toBe(401);
  });
});
