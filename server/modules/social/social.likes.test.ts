import { describe, expect, it } from 'vitest';
import type { PageOf, Visitor } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';
import { appOnClock, call } from '../../test-helper.ts';
import { addBlock } from '../chat/chat.repository.ts';
import { data, get, ids, type Member, member, post, ROOT } from './social.test-kit.ts';

const t = appOnClock('2026-03-10T08:00:00Z');
const later = (minutes: number) => {
  t.now = new Date(t.now.getTime() + minutes * 60_000);
};

const like = (who: Member, userId: unknown, value: unknown = true) =>
  post(t.app, who, '/api/user/like/add', { userId, like: value });
const likesCount = async () =>
  Number(
    (
      await t.app.amity.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('likes', () => {
  it('GET like/user is false, POST like/add sets and answers the new state, both lists show it', async () => {
    const a = await member(t.app);
    const b = await member(t.app, { birthday: '1995-08-01' });
    expect(data(await get(t.app, a, `/api/user/like/user/${b.id}`))).toBe(false);
    expect(data(await like(a, b.id, true))).toBe(true);
    expect(data(await like(a, b.id, true))).toBe(true); // setting twice keeps one row
    expect(data(await get(t.app, a, `/api/user/like/user/${b.id}`))).toBe(true);
    expect(data(await get(t.app, b, `/api/user/like/user/${a.id}`))).toBe(false);

    const mine = data<PageOf<BaseUser>>(await get(t.app, a, '/api/user/like/mine'));
    expect(mine).toEqual({
      list: [expect.objectContaining({ id: b.id, username: b.username, constellation: 'Leo' })],
      total: 1,
    });
    expect(Object.keys(mine.list[0]!).sort()).toEqual([
      'age',
      'avatar',
      'birthday',
      'constellation',
      'country',
      'gender',
      'id',
      'levelName',
      'sign',
      'username',
    ]);
    const me = data<PageOf<BaseUser>>(await get(t.app, b, '/api/user/like/me'));
    expect(ids(me)).toEqual([a.id]);

    expect(data(await like(a, b.id, false))).toBe(false);
    expect(data(await get(t.app, a, `/api/user/like/user/${b.id}`))).toBe(false);
    expect(data(await get(t.app, b, '/api/user/like/me'))).toEqual({ list: [], total: 0 });
    expect(data(await like(a, b.id, false))).toBe(false); // unliking what is not liked is fine
  });

  it('refuses oneself (400), unknown members (404) and bad bodies (400), creating nothing', async () => {
    const a = await member(t.app);
    const before = await likesCount();
    expect((await like(a, a.id)).body).toEqual({ code: 400, message: 'userId: you cannot like yourself', data: null });
    expect((await like(a, 999_999)).body).toEqual({ code: 404, message: 'No such member', data: null });
    expect((await like(a, undefined)).body.message).toBe('userId is required');
    expect((await like(a, '5')).body.message).toBe('userId must be a user id (a whole number from 1 to 2147483647)');
    expect((await like(a, 1.5)).status).toBe(400);
    expect((await like(a, 1, 'yes')).body.message).toBe('like must be true or false');
    expect((await post(t.app, a, '/api/user/like/add', [1])).status).toBe(400);
    expect((await get(t.app, a, '/api/user/like/user/abc')).body.message).toBe(
      'userId must be a user id (a whole number from 1 to 2147483647)',
    );
    expect(await likesCount()).toBe(before);
  });

  it('pages like/me newest first with the total; page and size are checked', async () => {
    const star = await member(t.app);
    const fans: Member[] = [];
    for (let i = 0; i < 12; i += 1) {
      const fan = await member(t.app);
      fans.push(fan);
      later(1);
      data(await like(fan, star.id));
    }
    const newestFirst = fans.map((f) => f.id).reverse();
    const page1 = data<PageOf<BaseUser>>(await get(t.app, star, '/api/user/like/me'));
    expect(page1.total).toBe(12);
    expect(ids(page1)).toEqual(newestFirst.slice(0, 10)); // default size 10
    const page2 = data<PageOf<BaseUser>>(await get(t.app, star, '/api/user/like/me?page=2&size=10'));
    expect(ids(page2)).toEqual(newestFirst.slice(10));
    const five = data<PageOf<BaseUser>>(await get(t.app, star, '/api/user/like/me?page=3&size=5'));
    expect(ids(five)).toEqual(newestFirst.slice(10, 12));
    expect(data(await get(t.app, star, '/api/user/like/me?page=9&size=5'))).toEqual({ list: [], total: 12 });
    expect(ids(data(await get(t.app, star, '/api/user/like/me?page=&size=')))).toHaveLength(10);

    for (const [query, message] of [
      ['size=7', 'size must be one of 5, 10, 20, 30, 40, 50'],
      ['size=100', 'size must be one of 5, 10, 20, 30, 40, 50'],
      ['size=ten', 'size must be one of 5, 10, 20, 30, 40, 50'],
      ['page=0', 'page must be a whole number from 1 to 10000'],
      ['page=-1', 'page must be a whole number from 1 to 10000'],
      ['page=1.5', 'page must be a whole number from 1 to 10000'],
      ['page=10001', 'page must be a whole number from 1 to 10000'],
    ] as const) {
      const res = await get(t.app, star, `/api/user/like/mine?${query}`);
      expect(res.body, query).toEqual({ code: 400, message, data: null });
    }
  });

  it('hides members on either side of a block from both lists', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    data(await like(b, a.id));
    data(await like(c, a.id));
    data(await like(a, b.id));
    await addBlock(t.app.amity.db, a.id, b.id);
    expect(ids(data(await get(t.app, a, '/api/user/like/me')))).toEqual([c.id]);
    expect(data(await get(t.app, a, '/api/user/like/mine'))).toEqual({ list: [], total: 0 });
    await addBlock(t.app.amity.db, c.id, a.id);
    expect(data(await get(t.app, a, '/api/user/like/me'))).toEqual({ list: [], total: 0 });
  });

  it('needs a token', async () => {
    for (const url of ['/api/user/like/user/1', '/api/user/like/me', '/api/user/like/mine', '/api/user/visitor/list']) {
      expect((await call(t.app, { method: 'GET', url: `${ROOT}${url}` })).status, url).toBe(401);
    }
  });
});

describe('visitors', () => {
  const visit = (who: Member, userId: unknown) => post(t.app, who, '/api/user/visitor/add', { userId });

  it('keeps the latest visit per pair, newest first, with visitedAt', async () => {
    const host = await member(t.app);
    const x = await member(t.app);
    const y = await member(t.app);
    expect((await visit(x, host.id)).body).toEqual({ code: 200, message: null, data: null });
    const xFirst = t.now.toISOString();
    later(5);
    data(await visit(y, host.id));
    let list = data<PageOf<Visitor>>(await get(t.app, host, '/api/user/visitor/list'));
    expect(list.total).toBe(2);
    expect(list.list.map((v) => [v.id, v.visitedAt])).toEqual([
      [y.id, t.now.toISOString()],
      [x.id, xFirst],
    ]);
    later(5);
    data(await visit(x, host.id)); // x comes back: one row, moved to the top
    list = data<PageOf<Visitor>>(await get(t.app, host, '/api/user/visitor/list?size=5'));
    expect(list.total).toBe(2);
    expect(list.list.map((v) => [v.id, v.visitedAt])).toEqual([
      [x.id, t.now.toISOString()],
      [y.id, expect.any(String)],
    ]);
    expect(list.list[0]).toMatchObject({ username: x.username, levelName: '' });
  });

  it('ignores a visit to oneself, 404 for unknown, 400 for bad ids; blocked visitors are hidden', async () => {
    const host = await member(t.app);
    const z = await member(t.app);
    expect((await visit(host, host.id)).body).toEqual({ code: 200, message: null, data: null });
    expect((await visit(host, 999_999)).body).toEqual({ code: 404, message: 'No such member', data: null });
    expect((await visit(host, 'x')).status).toBe(400);
    expect((await visit(host, 0)).status).toBe(400);
    expect(data(await get(t.app, host, '/api/user/visitor/list'))).toEqual({ list: [], total: 0 });
    data(await visit(z, host.id));
    expect(data<PageOf<Visitor>>(await get(t.app, host, '/api/user/visitor/list')).total).toBe(1);
    await addBlock(t.app.amity.db, host.id, z.id);
    expect(data(await get(t.app, host, '/api/user/visitor/list'))).toEqual({ list: [], total: 0 });
    expect((await get(t.app, host, '/api/user/visitor/list?size=3')).status).toBe(400);
  });
});
