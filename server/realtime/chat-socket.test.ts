import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import { bearer, call } from '../test-helper.ts';
import { type Frame, listeningTestApp, member } from './socket-test-client.ts';

const t = listeningTestApp();
const { open } = t;

const messageFrame = (toId: number, msg: string, clientId: string = randomUUID()) => ({
  action: 'chart',
  data: { toId, type: 1, msg, lang: 'en', clientId },
});
const isMessage = (clientId: string) => (f: Frame) => f.action === 'chart' && f.data?.clientId === clientId;

async function countRows(senderId: number, toId: number): Promise<number> {
  const rows = await t.app.amity.db
    .selectFrom('messages')
    .select('id')
    .where('sender_id', '=', senderId)
    .where('to_id', '=', toId)
    .execute();
  return rows.length;
}

async function pairOnline() {
  const a = await member(t.app);
  const b = await member(t.app);
  return { a, b, sa: await open(a.token), sb: await open(b.token) };
}

describe('messages (action chart)', () => {
  it('acks the stored message to the sender and it is in the history', async () => {
    const { a, b, sa } = await pairOnline();
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'hello there', clientId));
    const ack = await sa.next(isMessage(clientId));
    expect(ack.code).toBe(200);
    expect(ack.data).toEqual({
      id: expect.any(Number),
      clientId,
      senderId: a.id,
      toId: b.id,
      type: 1,
      msg: 'hello there',
      lang: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      readAt: null,
      translations: {},
    } satisfies Message);
    expect(ack.data.unreadAll).toBeUndefined();
    const history = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/history/${b.id}`,
      headers: bearer(a.token),
    });
    expect(history.body.data).toEqual([ack.data]);
  });

  it('delivers to every socket of the receiver with unreadAll, and acks to the sender’s other tab', async () => {
    const { a, b, sa, sb } = await pairOnline();
    const sa2 = await open(a.token);
    const sb2 = await open(b.token);
    await Promise.all([sa2.roundTrip(), sb2.roundTrip()]); // signed in and joined before the message goes
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'to all your tabs', clientId));
    const [ack, ack2, d1, d2] = await Promise.all([sa, sa2, sb, sb2].map((s) => s.next(isMessage(clientId))));
    expect(ack2!.data).toEqual(ack!.data);
    for (const d of [d1!, d2!]) {
      expect(d.data).toEqual({ ...ack!.data, unreadAll: 1 });
      expect(d.data.senderId).toBe(a.id);
    }
  });

  it('a repeated clientId acks the first message again, stores one row and delivers once', async () => {
    const { a, b, sa, sb } = await pairOnline();
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'first', clientId));
    const first = await sa.next(isMessage(clientId));
    await sb.next(isMessage(clientId));
    sa.send(messageFrame(b.id, 'second try, same id', clientId.toUpperCase()));
    const again = await sa.next((f) => f.action === 'chart');
    expect(again.data).toEqual(first.data);
    await sb.roundTrip();
    await sa.roundTrip();
    expect(sb.frames.filter((f) => f.action === 'chart')).toEqual([]);
    expect(await countRows(a.id, b.id)).toBe(1);
  });

  it('two copies in flight at once still make one row and one delivery', async () => {
    const { a, b, sa, sb } = await pairOnline();
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'twice at once', clientId));
    sa.send(messageFrame(b.id, 'twice at once', clientId));
    const [x, y] = [await sa.next(isMessage(clientId)), await sa.next(isMessage(clientId))];
    expect(x.data.id).toBe(y.data.id);
    await sb.next(isMessage(clientId));
    await sb.roundTrip();
    expect(sb.frames.filter((f) => f.action === 'chart')).toEqual([]);
    expect(await countRows(a.id, b.id)).toBe(1);
  });
});

describe('unread and read', () => {
  it('counts up with messages, down after read, and the sender gets the receipt', async () => {
    const { a, b, sa, sb } = await pairOnline();
    for (let i = 1; i <= 3; i++) {
      const clientId = randomUUID();
      sa.send(messageFrame(b.id, `m${i}`, clientId));
      expect((await sb.next(isMessage(clientId))).data.unreadAll).toBe(i);
    }
    sb.send({ action: 'unreadAll' });
    expect(await sb.next((f) => f.action === 'unreadAll')).toMatchObject({ code: 200, data: 3 });
    const rest = await call(t.app, { method: 'GET', url: '/h5-api/api/chat/content/unread', headers: bearer(b.token) });
    expect(rest.body).toEqual({ code: 200, message: null, data: 3 });

    sb.send({ action: 'read', data: { senderId: a.id } });
    expect(await sb.next((f) => f.action === 'unreadAll')).toMatchObject({ code: 200, data: 0 });
    const receipt = await sa.next((f) => f.action === 'read');
    expect(receipt.data).toEqual({ readerId: b.id, readAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(receipt.data.readAt))).toBe(false);
    const history = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/history/${a.id}`,
      headers: bearer(b.token),
    });
    expect((history.body.data as Message[]).map((m) => m.readAt)).toEqual([
      receipt.data.readAt,
      receipt.data.readAt,
      receipt.data.readAt,
    ]);
    // The next message counts from zero again.
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'after reading', clientId));
    expect((await sb.next(isMessage(clientId))).data.unreadAll).toBe(1);
  });
});

describe('block', () => {
  it('A blocks B: B’s message is refused 403 and nothing is stored or delivered; unblock restores', async () => {
    const { a, b, sa, sb } = await pairOnline();
    sa.send({ action: 'block', data: { receiverId: b.id, block: true } });
    expect(await sa.next((f) => f.action === 'block')).toMatchObject({
      code: 200,
      data: { receiverId: b.id, block: true },
    });
    const clientId = randomUUID();
    sb.send(messageFrame(a.id, 'let me talk', clientId));
    const refused = await sb.next((f) => f.action === 'chart');
    expect(refused).toMatchObject({ code: 403, message: 'You have been blocked', data: { clientId } });
    // And the blocker cannot write to them either while the block stands.
    const mine = randomUUID();
    sa.send(messageFrame(b.id, 'you are blocked', mine));
    expect(await sa.next(isMessage(mine))).toMatchObject({ code: 403, message: 'You have been blocked' });
    await sa.roundTrip();
    expect(sa.frames.filter((f) => f.action === 'chart')).toEqual([]);
    expect(await countRows(b.id, a.id)).toBe(0);
    expect(await countRows(a.id, b.id)).toBe(0);

    sa.send({ action: 'block', data: { receiverId: b.id, block: false } });
    expect(await sa.next((f) => f.action === 'block')).toMatchObject({ data: { receiverId: b.id, block: false } });
    const again = randomUUID();
    sb.send(messageFrame(a.id, 'thanks', again));
    expect((await sb.next(isMessage(again))).code).toBe(200);
    expect((await sa.next(isMessage(again))).data.msg).toBe('thanks');
  });

  it('B blocks A: A’s message gets 403', async () => {
    const { a, b, sa, sb } = await pairOnline();
    sb.send({ action: 'block', data: { receiverId: a.id, block: true } });
    await sb.next((f) => f.action === 'block' && f.code === 200);
    const clientId = randomUUID();
    sa.send(messageFrame(b.id, 'hi?', clientId));
    expect(await sa.next(isMessage(clientId))).toMatchObject({ code: 403, message: 'You have been blocked' });
    expect(await countRows(a.id, b.id)).toBe(0);
  });

  it('refuses blocking oneself (400) and unknown members (404)', async () => {
    const { a, sa } = await pairOnline();
    sa.send({ action: 'block', data: { receiverId: a.id, block: true } });
    expect(await sa.next((f) => f.action === 'block')).toMatchObject({ code: 400 });
    sa.send({ action: 'block', data: { receiverId: 999_999, block: true } });
    expect(await sa.next((f) => f.action === 'block')).toMatchObject({ code: 404, message: 'No such member' });
  });
});
