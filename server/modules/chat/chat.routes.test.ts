import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { addBlock } from './chat.repository.ts';
import { sendSystemMessage, storeBatch } from './chat.writer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) =>
  call(t.app, { method: 'GET', url: `/h5-api${url}`, headers: bearer(token) });

/** Stores messages the way the socket does (one batch each), without sockets. */
async function say(senderId: number, toId: number, msg: string): Promise<Message> {
  const [outcome] = await storeBatch(
    t.app.amity.db,
    [{ clientId: randomUUID(), senderId, toId, type: 1, msg, lang: 'en' }],
    new Date(),
  );
  if (outcome?.kind !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
  return outcome.message;
}

describe('GET /api/chat/conversations', () => {
  it('lists each peer once with the last message and their unread, newest first', async () => {
    const me = await member(t.app);
    const ann = await member(t.app);
    const bob = await member(t.app);
    await say(ann.id, me.id, 'ann 1');
    await say(ann.id, me.id, 'ann 2');
    await say(me.id, bob.id, 'to bob');
    await say(bob.id, me.id, 'bob answers');
    const last = await say(me.id, ann.id, 'back to ann');
    const res = await get('/api/chat/conversations', me.token);
    expect(res.status).toBe(200);
    const list = res.body.data as { peer: BaseUser; last: Message; unread: number }[];
    expect(list.map((c) => [c.peer.id, c.last.msg, c.unread])).toEqual([
      [ann.id, 'back to ann', 2],
      [bob.id, 'bob answers', 1],
    ]);
    expect(list[0]!.last).toEqual(last);
    expect(list[0]!.peer).toMatchObject({ id: ann.id, username: ann.username, levelName: '', age: expect.any(Number) });
    expect(await get('/api/chat/content/unread', me.token)).toMatchObject({ body: { data: 3 } });
    const empty = await member(t.app);
    expect((await get('/api/chat/conversations', empty.token)).body.data).toEqual([]);
  });

  it('leaves out the notes the server writes a member about themselves (type 7): they are no conversation', async () => {
    const me = await member(t.app);
    const ann = await member(t.app);
    await say(ann.id, me.id, 'hello');
    await sendSystemMessage(t.app.amity, t.app.amity.db, { senderId: me.id, toId: me.id, type: 7, msg: '{}' });
    const list = (await get('/api/chat/conversations', me.token)).body.data as { peer: BaseUser }[];
    expect(list.map((c) => c.peer.id)).toEqual([ann.id]);
  });

  it('needs a token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/h5-api/api/chat/conversations' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/h5-api/api/chat/content/unread' })).status).toBe(401);
  });
});

describe('GET /api/chat/history/{peerId}', () => {
  it('pages oldest first with before and size, both directions of the pair only', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    const sent: Message[] = [];
    for (let i = 0; i < 7; i++) sent.push(await say(i % 2 ? b.id : a.id, i % 2 ? a.id : b.id, `m${i}`));
    await say(c.id, a.id, 'not in this pair');
    const page1 = (await get(`/api/chat/history/${b.id}?size=3`, a.token)).body.data as Message[];
    expect(page1.map((m) => m.msg)).toEqual(['m4', 'm5', 'm6']);
    const page2 = (await get(`/api/chat/history/${b.id}?size=3&before=${page1[0]!.id}`, a.token)).body
      .data as Message[];
    expect(page2.map((m) => m.msg)).toEqual(['m1', 'm2', 'm3']);
    const page3 = (await get(`/api/chat/history/${b.id}?size=3&before=${page2[0]!.id}`, a.token)).body
      .data as Message[];
    expect(page3.map((m) => m.msg)).toEqual(['m0']);
    const all = (await get(`/api/chat/history/${a.id}?before=&size=`, b.token)).body.data as Message[];
    expect(all).toEqual(sent);
  });

  it('defaults to 30, allows 100 and refuses bad values with 400', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    for (let i = 0; i < 32; i++) await say(a.id, b.id, `n${i}`);
    expect(((await get(`/api/chat/history/${b.id}`, a.token)).body.data as Message[]).length).toBe(30);
    expect(((await get(`/api/chat/history/${b.id}?size=100`, a.token)).body.data as Message[]).length).toBe(32);
    for (const query of ['size=0', 'size=101', 'size=abc', 'size=2.5', 'before=0', 'before=-3', 'before=x']) {
      const res = await get(`/api/chat/history/${b.id}?${query}`, a.token);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toMatch(/^(size|before) must/);
    }
    for (const peer of ['0', 'abc', '-1', '99999999999']) {
      expect((await get(`/api/chat/history/${peer}`, a.token)).body).toMatchObject({ code: 400, message: /peerId/ });
    }
  });
});

describe('GET /api/user/block/list', () => {
  it('lists the members I blocked as BaseUser, newest first, and not those who blocked me', async () => {
    const me = await member(t.app);
    const x = await member(t.app);
    const y = await member(t.app);
    const z = await member(t.app);
    await addBlock(t.app.amity.db, me.id, x.id);
    await new Promise((r) => setTimeout(r, 5));
    await addBlock(t.app.amity.db, me.id, y.id);
    await addBlock(t.app.amity.db, z.id, me.id);
    const res = await get('/api/user/block/list', me.token);
    expect((res.body.data as BaseUser[]).map((u) => u.id)).toEqual([y.id, x.id]);
    expect((res.body.data as BaseUser[])[0]).toEqual({
      id: y.id,
      username: y.username,
      avatar: '',
      levelName: '',
      birthday: '1990-06-15',
      age: expect.any(Number),
      constellation: expect.any(String),
      gender: 2,
      country: 'Spain',
      sign: '',
    });
  });
});
