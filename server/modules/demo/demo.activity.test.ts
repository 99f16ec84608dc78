import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOf, Visitor } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';
import { bearer, call, login, makeApp, md5, type TestApp } from '../../test-helper.ts';
import { DEMO_CONVERSATIONS } from './demo.activity.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './demo.seed.ts';

let t: TestApp;
let token: string;
const now = new Date('2026-03-10T08:00:00Z');

beforeAll(async () => {
  t = await makeApp({ DEMO: '1' }, { now: () => now });
  token = (await login(t.app, DEMO_USERNAME, md5(DEMO_PASSWORD))).body.data as string;
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string) => {
  const res = await call(t.app, { method: 'GET', url: `/h5-api${url}`, headers: bearer(token) });
  expect(res.status).toBe(200);
  return res.body.data as T;
};

describe('demo activity', () => {
  it('every unread counter equals the count of unread rows, for every member', async () => {
    const { rows } = await sql<{ id: number; counter: number; actual: number }>`
      select u.id, coalesce(c.n, 0)::int as counter,
        (select count(*)::int from messages m where m.to_id = u.id and m.read_at is null) as actual
      from users u left join chat_unread c on c.user_id = u.id`.execute(t.app.amity.db);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(r.counter, `member ${r.id}`).toBe(r.actual);
  });

  it('alice has conversations with unread and read ones, in several languages, all in the past', async () => {
    const list =
      await get<{ peer: BaseUser; unread: number; last: { createdAt: string } }[]>('/api/chat/conversations');
    expect(list.map((c) => c.peer.username).sort()).toEqual(DEMO_CONVERSATIONS.map((c) => c.peer).sort());
    expect(list.some((c) => c.unread > 0)).toBe(true);
    expect(list.some((c) => c.unread === 0)).toBe(true);
    const unread = await get<number>('/api/chat/content/unread');
    expect(unread).toBe(list.reduce((n, c) => n + c.unread, 0));
    expect(unread).toBeGreaterThan(0);
    for (const c of list) expect(Date.parse(c.last.createdAt)).toBeLessThan(now.getTime());
    const { rows } = await sql<{ lang: string }>`select distinct lang from messages`.execute(t.app.amity.db);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Each conversation holds 5-15 messages, and client ids are unique per sender (as the socket writes them).
    for (const c of list) {
      const history = await get<unknown[]>(`/api/chat/history/${c.peer.id}?size=100`);
      expect(history.length).toBeGreaterThanOrEqual(5);
      expect(history.length).toBeLessThanOrEqual(15);
    }
  });

  it('alice has likes and visitors both ways', async () => {
    const likedMe = await get<PageOf<BaseUser>>('/api/user/like/me');
    const iLiked = await get<PageOf<BaseUser>>('/api/user/like/mine');
    const visitors = await get<PageOf<Visitor>>('/api/user/visitor/list');
    expect(likedMe.total).toBeGreaterThanOrEqual(3);
    expect(iLiked.total).toBeGreaterThanOrEqual(3);
    expect(visitors.total).toBeGreaterThanOrEqual(3);
    const times = visitors.list.map((v) => Date.parse(v.visitedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from visits v join users u on u.id = v.visitor_id
      where u.username = 'alice'`.execute(t.app.amity.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
