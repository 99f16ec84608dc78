import { describe, expect, it } from 'vitest';
import type { PageOf } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';
import { appOnClock } from '../../test-helper.ts';
import { addBlock } from '../chat/chat.repository.ts';
import { ALREADY_REPORTED, REPORTS_PER_DAY, REPORTS_PER_HOUR } from './social.rules.ts';
import { data, get, ids, type Member, member, post } from './social.test-kit.ts';

const t = appOnClock('2026-03-10T08:00:00Z');

const reportCount = async () =>
  Number(
    (
      await t.app.amity.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('report/add', () => {
  const report = (who: Member, reportedId: unknown, type: unknown) =>
    post(t.app, who, '/api/system/report/add', { reportedId, type });

  it('stores a report of type 1-6 and answers null', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    expect((await report(a, b.id, 1)).body).toEqual({ code: 200, message: null, data: null });
    expect((await report(a, c.id, 6)).body).toEqual({ code: 200, message: null, data: null });
    const rows = await t.app.amity.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.reported_id, r.type, r.status])).toEqual([
      [b.id, 1, 'open'],
      [c.id, 6, 'open'],
    ]);
  });

  it('refuses bad types, oneself and unknown members, storing nothing', async () => {
    const a = await member(t.app);
    const before = await reportCount();
    for (const type of [0, 7, 2.5, '3', null]) {
      const res = await report(a, a.id + 1, type);
      expect(res.body, String(type)).toEqual({
        code: 400,
        message: 'type must be a whole number from 1 to 6',
        data: null,
      });
    }
    expect((await report(a, a.id, 1)).body).toEqual({
      code: 400,
      message: 'reportedId: you cannot report yourself',
      data: null,
    });
    expect((await report(a, 999_999, 1)).body).toEqual({ code: 404, message: 'No such member', data: null });
    expect((await report(a, undefined, 1)).body.message).toBe('reportedId is required');
    expect(await reportCount()).toBe(before);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, then 429 with Retry-After until the oldest leaves the hour`, async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => member(t.app)));
    const start = t.now;
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) {
      t.now = new Date(start.getTime() + i * 60_000);
      data(await report(a, targets[i]!.id, 5));
    }
    t.now = new Date(start.getTime() + 30 * 60_000);
    const before = await reportCount();
    const refused = await report(a, b.id, 5);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1800');
    expect(refused.body.message).toBe('Too many reports, try again in 1800 seconds');
    expect(await reportCount()).toBe(before);
    // Another reporter is not affected.
    data(await report(b, a.id, 2));
    t.now = new Date(start.getTime() + 60 * 60_000 + 1);
    data(await report(a, b.id, 5));
    t.now = start;
  });

  it('keeps one open report per reporter and member: a repeat is 409 and stores nothing; resolved, it may come again', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    data(await report(a, b.id, 2));
    const before = await reportCount();
    expect((await report(a, b.id, 3)).body).toEqual({ code: 409, message: ALREADY_REPORTED, data: null });
    expect(await reportCount()).toBe(before);
    // Someone else may report the same member.
    data(await report(b, a.id, 1));
    await t.app.amity.db.updateTable('reports').set({ status: 'resolved' }).where('reporter_id', '=', a.id).execute();
    data(await report(a, b.id, 3));
  });

  it(`allows ${REPORTS_PER_DAY} reports in 24 hours, then 429 until the oldest is a day old`, async () => {
    const a = await member(t.app);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, () => member(t.app)));
    const start = t.now;
    // Spread over the day so the hourly limit never bites.
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) {
      t.now = new Date(start.getTime() + i * 20 * 60_000);
      data(await report(a, targets[i]!.id, 4));
    }
    t.now = new Date(start.getTime() + REPORTS_PER_DAY * 20 * 60_000);
    const refused = await report(a, targets[REPORTS_PER_DAY]!.id, 4);
    expect(refused.status).toBe(429);
    const wait = Math.ceil((start.getTime() + 86_400_000 - t.now.getTime()) / 1000);
    expect(refused.body.message).toBe(`Too many reports, try again in ${wait} seconds`);
    t.now = new Date(start.getTime() + 86_400_000 + 1);
    data(await report(a, targets[REPORTS_PER_DAY]!.id, 4));
    t.now = start;
  });
});

describe('search', () => {
  it('finds usernames containing the keyword, case-insensitively, exact name first; never me or blocked members', async () => {
    const tag = `q${process.pid % 1000}`;
    const me = await member(t.app, { username: `${tag}_me` });
    const exact = await member(t.app, { username: `${tag}X` });
    const prefix = await member(t.app, { username: `${tag}x_more` });
    const inner = await member(t.app, { username: `a_${tag}X` });
    const blocker = await member(t.app, { username: `${tag}x_blocker` });
    const blocked = await member(t.app, { username: `${tag}x_blocked` });
    await addBlock(t.app.amity.db, blocker.id, me.id);
    await addBlock(t.app.amity.db, me.id, blocked.id);
    const found = data<PageOf<BaseUser>>(await get(t.app, me, `/api/system/user/search?keyword=${tag.toUpperCase()}x`));
    expect(ids(found)).toEqual([exact.id, prefix.id, inner.id]);
    expect(found.total).toBe(3);
    const paged = data<PageOf<BaseUser>>(await get(t.app, me, `/api/system/user/search?keyword=${tag}&page=2&size=5`));
    expect(paged).toEqual({ list: [], total: 3 });
    // The blocked side finds nobody either.
    expect(ids(data(await get(t.app, blocked, `/api/system/user/search?keyword=${tag}_me`)))).toEqual([]);
  });

  it('treats %, _ and \\ as plain characters', async () => {
    const me = await member(t.app);
    const underscore = await member(t.app, { username: `u${process.pid % 1000}_z9` });
    await member(t.app, { username: `u${process.pid % 1000}az9` });
    expect(ids(data(await get(t.app, me, `/api/system/user/search?keyword=${encodeURIComponent(`_z9`)}`)))).toEqual([
      underscore.id,
    ]);
    for (const k of ['%', '%%', '\\', "'; drop table users; --"]) {
      expect(data(await get(t.app, me, `/api/system/user/search?keyword=${encodeURIComponent(k)}`)), k).toEqual({
        list: [],
        total: 0,
      });
    }
  });

  it('checks keyword, page and size', async () => {
    const me = await member(t.app);
    const bad = async (query: string) => (await get(t.app, me, `/api/system/user/search?${query}`)).body;
    expect(await bad('')).toEqual({ code: 400, message: 'keyword is required', data: null });
    expect(await bad('keyword=%20%20')).toEqual({ code: 400, message: 'keyword is required', data: null });
    expect((await bad(`keyword=${'a'.repeat(51)}`)).message).toBe('keyword must be at most 50 characters');
    expect((await bad('keyword=a&keyword=b')).message).toBe('keyword must be given once');
    expect((await bad('keyword=a&size=3')).message).toBe('size must be one of 5, 10, 20, 30, 40, 50');
    expect((await get(t.app, me, `/api/system/user/search?keyword=${'a'.repeat(50)}`)).status).toBe(200);
  });
});
