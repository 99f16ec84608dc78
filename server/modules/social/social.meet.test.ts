import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOf } from '#protocol/social.ts';
import { type BaseUser, LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { addBlock } from '../chat/chat.repository.ts';
import { upsertMembership } from '../users/users.repository.ts';
import { data, get, ids, member } from './social.test-kit.ts';

// Its own file and database: meet lists everyone, so other tests' members would change the answer.
// NOTE: one open test database per file: on PostgreSQL a second schema opened alongside the first fails to migrate.
let local: TestApp;
const now = new Date('2026-03-10T08:00:00Z');

beforeAll(async () => {
  local = await makeApp({}, { now: () => now });
});
afterAll(async () => {
  await local?.close();
});

describe('meet', () => {
  it('lists running members first, then the newest; never me or blocked members; total counts them all', async () => {
    const me = await member(local.app);
    const old = await member(local.app);
    const vip = await member(local.app);
    const senior = await member(local.app);
    const ended = await member(local.app);
    const blocked = await member(local.app);
    const newest = await member(local.app);
    const db = local.app.amity.db;
    // created_at comes from the database clock: spread the members out explicitly.
    const order = [me, old, vip, senior, ended, blocked, newest];
    for (const [i, m] of order.entries()) {
      await db
        .updateTable('users')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where('id', '=', m.id)
        .execute();
    }
    const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
    await upsertMembership(db, { user_id: vip.id, level_name: LEVEL_VIP, level_sort: 2, ends_at: days(10) });
    await upsertMembership(db, { user_id: senior.id, level_name: LEVEL_SENIOR, level_sort: 1, ends_at: days(3) });
    await upsertMembership(db, { user_id: ended.id, level_name: LEVEL_VIP, level_sort: 2, ends_at: days(-1) });
    await addBlock(db, blocked.id, me.id);

    const page = data<PageOf<BaseUser>>(await get(local.app, me, '/api/system/user/meet'));
    expect(ids(page)).toEqual([senior.id, vip.id, newest.id, ended.id, old.id]);
    expect(page.total).toBe(5);
    expect(page.list.slice(0, 2).map((u) => u.levelName)).toEqual([LEVEL_SENIOR, LEVEL_VIP]);
    expect(ids(data(await get(local.app, me, '/api/system/user/meet?page=2&size=5')))).toEqual([]);
    const five = data<PageOf<BaseUser>>(await get(local.app, blocked, '/api/system/user/meet?size=5'));
    expect(ids(five)).not.toContain(me.id);
    expect((await get(local.app, me, '/api/system/user/meet?page=abc')).status).toBe(400);
  });
});
