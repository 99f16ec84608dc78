/**
 * Issue 14: two instances (two buildApp, each listening) on one database and one Redis (Debian's redis-server,
 * started here on a free loopback port). A member's sockets may sit on either instance: chat, unread counts, read
 * receipts, blocks, balance messages, revocations, suspensions, 498 on a permission change, presence (no Web Push to
 * a member online elsewhere) and rate limits reach every instance; losing Redis answers 503
 * and closes the sockets, and everything recovers by itself.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/lib/redis.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { sendSystemMessage } from '../modules/chat/chat.service.ts';
import { staff } from '../modules/staff/staff.test-kit.ts';
import { SERVICE_RESTART_CLOSE_CODE } from '../plugins/availability.ts';
import { API, bearer, call, openTestDatabase, testConfig } from '../test-helper.ts';
import { createRedisBus } from './redis-bus.ts';
import { type ListeningApp, listen, member, type TestSocket } from './socket-test-client.ts';

let redis: RedisServer;
let database: DatabaseHandle;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
const servers: ListeningApp[] = [];
const sockets: TestSocket[] = [];
const prefix = `amity-test-${randomUUID()}:`;

beforeAll(async () => {
  redis = await startRedis();
  database = await openTestDatabase();
  for (let i = 0; i < 2; i++) {
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PROFILE_PER_MIN: '3' };
    const app = await buildApp(testConfig(env), { database, redisPrefix: prefix });
    apps.push(app);
    servers.push(await listen(app));
  }
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const app of apps) await app.close();
  await database?.close();
  await redis?.stop();
});

const A = 0;
const B = 1;
async function open(instance: number, token: string): Promise<TestSocket> {
  const s = await servers[instance]!.open(token);
  sockets.push(s);
  await s.roundTrip();
  return s;
}

const chart = (toId: number, msg: string, clientId = randomUUID()) => ({
  action: 'chart',
  data: { toId, type: 1, msg, lang: 'en', clientId },
});

describe('two instances on one database and one Redis', () => {
  it('carry chat, acks and unread counts between members on different instances, to every socket of each', async () => {
    const a = await member(apps[A]!);
    const b = await member(apps[B]!);
    const [a1, a2, b1, b2] = await Promise.all([
      open(A, a.token),
      open(B, a.token),
      open(B, b.token),
      open(A, b.token),
    ]);
    const clientId = randomUUID();
    a1.send(chart(b.id, 'hello across', clientId));
    const mine = (f: { action?: string; data?: { clientId?: string } }) =>
      f.action === 'chart' && f.data?.clientId === clientId;
    const [ack, otherTab, got, gotToo] = await Promise.all([
      a1.next(mine),
      a2.next(mine),
      b1.next(mine),
      b2.next(mine),
    ]);
    expect(ack.data.msg).toBe('hello across');
    expect(otherTab.data.id).toBe(ack.data.id);
    expect(got.data).toMatchObject({ id: ack.data.id, senderId: a.id, unreadAll: 1 });
    expect(gotToo.data.unreadAll).toBe(1);

    // The receipt goes back to the sender on the other instance; the reader's tabs on both learn the new total.
    b1.send({ action: 'read', data: { senderId: a.id } });
    const [receipt, total, totalToo] = await Promise.all([
      a1.next((f) => f.action === 'read'),
      b1.next((f) => f.action === 'unreadAll'),
      b2.next((f) => f.action === 'unreadAll'),
    ]);
    expect(receipt.data.readerId).toBe(b.id);
    expect([total.data, totalToo.data]).toEqual([0, 0]);
  });

  it('keep one conversation in order across instances', async () => {
    const a = await member(apps[A]!);
    const b = await member(apps[B]!);
    const [sa, sb] = await Promise.all([open(A, a.token), open(B, b.token)]);
    const sent = Array.from({ length: 30 }, (_, i) => `m${i}`);
    for (const text of sent) sa.send(chart(b.id, text));
    const got: string[] = [];
    while (got.length < sent.length) got.push((await sb.next((f) => f.action === 'chart')).data.msg);
    expect(got).toEqual(sent);
  });

  it('carry blocks to the blocker’s sockets and balance messages (type 7) to every instance', async () => {
    const a = await member(apps[A]!);
    const b = await member(apps[B]!);
    const [onA, onB] = await Promise.all([open(A, a.token), open(B, a.token)]);
    onA.send({ action: 'block', data: { receiverId: b.id, block: true } });
    const [blocked, blockedToo] = await Promise.all([
      onA.next((f) => f.action === 'block'),
      onB.next((f) => f.action === 'block'),
    ]);
    expect([blocked.data, blockedToo.data]).toEqual([
      { receiverId: b.id, block: true },
      { receiverId: b.id, block: true },
    ]);

    const { message } = await sendSystemMessage(apps[A]!.amity, apps[A]!.amity.db, {
      senderId: a.id,
      toId: a.id,
      type: 7,
      msg: 'balance changed',
    });
    const note = await onB.next((f) => f.action === 'chart' && f.data?.type === 7);
    expect(note.data.id).toBe(message.id);
  });

  it('deliver, once, a message whose instance stored it but died before publishing it, when the sender resends', async () => {
    const a = await member(apps[A]!);
    const b = await member(apps[B]!);
    const [sa, sb] = await Promise.all([open(B, a.token), open(A, b.token)]);
    const clientId = randomUUID();
    // Stored by instance A's writer, never published: what a SIGKILL right after the commit leaves.
    const stored = await apps[A]!.amity.chatWriter.submit({
      clientId,
      senderId: a.id,
      toId: b.id,
      type: 1,
      msg: 'stored, then the instance died',
      lang: 'en',
    });
    expect(stored.kind).toBe('stored');
    const mine = (f: { action?: string; data?: { clientId?: string } }) =>
      f.action === 'chart' && f.data?.clientId === clientId;
    sa.send(chart(b.id, 'stored, then the instance died', clientId));
    const [ack, got] = await Promise.all([sa.next(mine), sb.next(mine)]);
    expect(got.data).toMatchObject({ id: ack.data.id, unreadAll: 1 });
    sa.send(chart(b.id, 'stored, then the instance died', clientId));
    await sa.next(mine);
    await sb.roundTrip();
    expect(sb.frames.filter((f) => f.action === 'chart')).toEqual([]);
  });

  it('close on every instance the sockets of a token revoked on one', async () => {
    const a = await member(apps[A]!);
    const [onA, onB] = await Promise.all([open(A, a.token), open(B, a.token)]);
    const out = await call(apps[B]!, { method: 'POST', url: `${API}/logout`, headers: bearer(a.token) });
    expect(out.body.code).toBe(200);
    expect((await onA.closed).code).toBe(4401);
    expect((await onB.closed).code).toBe(4401);
  });

  it('close on every instance the sockets of a member suspended on one', async () => {
    const mod = await staff(apps[A]!, ['member:suspend']);
    const m = await member(apps[A]!);
    const [onA, onB] = await Promise.all([open(A, m.token), open(B, m.token)]);
    const res = await call(apps[A]!, {
      method: 'POST',
      url: `/h5-api/api/staff/members/${m.id}/suspend`,
      headers: bearer(mod.token),
      payload: { days: 1, note: 'test' },
    });
    expect(res.body.code).toBe(200);
    expect((await onA.closed).code).toBe(4401);
    expect((await onB.closed).code).toBe(4401);
  });

  it('tell a 498 to the sockets on another instance and to the next request there when permissions change', async () => {
    const admin = await staff(apps[A]!, ['staff:admin']);
    const s = await staff(apps[A]!, ['report:read']);
    const onB = await open(B, s.token);
    const res = await call(apps[A]!, {
      method: 'PUT',
      url: `/h5-api/api/staff/members/${s.id}/permissions`,
      headers: bearer(admin.token),
      payload: { permissions: ['report:read', 'audit:read'] },
    });
    expect(res.body.code).toBe(200);
    expect(await onB.next((f) => f.code === 498)).toMatchObject({ code: 498 });
    const next = await call(apps[B]!, { method: 'GET', url: '/h5-api/api/staff/audit', headers: bearer(s.token) });
    expect(next.body.code).toBe(498);
    const after = await call(apps[B]!, { method: 'GET', url: '/h5-api/api/staff/audit', headers: bearer(s.token) });
    expect(after.body.code).toBe(200);
  });

  it('count a member with a socket on the other instance as online, so no Web Push goes to them', async () => {
    const m = await member(apps[A]!);
    expect(await apps[A]!.amity.hub.isOnline(m.id)).toBe(false);
    const onB = await open(B, m.token);
    expect(await apps[A]!.amity.hub.isOnline(m.id)).toBe(true);
    onB.close();
    await onB.closed;
    // The instance says so once its socket's close is handled.
    while (await apps[A]!.amity.hub.isOnline(m.id)) await new Promise((r) => setTimeout(r, 20));
    expect(await apps[B]!.amity.hub.isOnline(m.id)).toBe(false);
  });

  it('count rate limits together in Redis', async () => {
    const a = await member(apps[A]!);
    const update = (instance: number) =>
      call(apps[instance]!, {
        method: 'PUT',
        url: `${API}/update`,
        headers: bearer(a.token),
        payload: { sign: `sign ${instance}` },
      });
    const codes = [];
    for (const instance of [A, B, A, B]) codes.push((await update(instance)).body.code);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('losing Redis', () => {
  it('answers 503 and closes the sockets while Redis is gone, then recovers by itself', async () => {
    const a = await member(apps[A]!);
    const b = await member(apps[B]!);
    const sa = await open(A, a.token);
    await redis.halt();
    try {
      expect((await sa.closed).code).toBe(SERVICE_RESTART_CLOSE_CODE);
      for (const app of apps) {
        const health = await call(app, { url: '/h5-api/health' });
        expect(health.status).toBe(503);
        expect(health.body.data).toMatchObject({ status: 'down', redis: false });
        const info = await call(app, { url: `${API}/info`, headers: bearer(a.token) });
        expect(info.status).toBe(503);
      }
      await expect(servers[B]!.open(b.token)).rejects.toThrow(/503/);
    } finally {
      await redis.start();
    }
    await expect
      .poll(async () => (await call(apps[B]!, { url: '/h5-api/health' })).status, { timeout: 5000 })
      .toBe(200);
    await expect
      .poll(async () => (await call(apps[A]!, { url: '/h5-api/health' })).status, { timeout: 5000 })
      .toBe(200);
    const [sa2, sb] = await Promise.all([open(A, a.token), open(B, b.token)]);
    sa2.send(chart(b.id, 'after the outage'));
    expect((await sb.next((f) => f.action === 'chart')).data.msg).toBe('after the outage');
  });

  it('misses nothing: what was published while Redis was down arrives once it is back', async () => {
    const stream = `${prefix}bus-outage`;
    const [sender, receiver] = await Promise.all([
      createRedisBus({ url: redis.url, stream }),
      createRedisBus({ url: redis.url, stream }),
    ]);
    try {
      const got: unknown[] = [];
      receiver.subscribe('user:1', (m) => got.push(m));
      await sender.publish('user:1', 'before');
      await expect.poll(() => got).toEqual(['before']);
      await redis.halt();
      const during = sender.publish('user:1', 'during');
      await redis.start();
      await during;
      await sender.publish('user:1', 'after');
      await expect.poll(() => got, { timeout: 5000 }).toEqual(['before', 'during', 'after']);
    } finally {
      await Promise.all([sender.close(), receiver.close()]);
    }
  });
});
