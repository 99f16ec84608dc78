import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { addBlock, getUnread } from './chat.repository.ts';
import { sendSystemMessage } from './chat.service.ts';
import { createChatWriter, isDataError, sendSystemMessages, storeBatch, UNSTORABLE_MESSAGE } from './chat.writer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const item = (senderId: number, toId: number, msg: string, clientId: string = randomUUID()) => ({
  clientId,
  senderId,
  toId,
  type: 1,
  msg,
  lang: 'en',
});

describe('storeBatch', () => {
  it('tells each item of one batch apart: stored, repeated (in and before the batch), unknown, blocked', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    await addBlock(t.app.amity.db, c.id, a.id);
    const db = t.app.amity.db;
    const old = item(a.id, b.id, 'before');
    const [first] = await storeBatch(db, [old], new Date());
    const twin = randomUUID();
    const outcomes = await storeBatch(
      db,
      [
        item(a.id, b.id, 'one'),
        item(a.id, b.id, 'twin', twin),
        item(a.id, 999_999, 'nobody'),
        item(a.id, c.id, 'blocked'),
        item(a.id, b.id, 'twin again', twin),
        { ...old, msg: 'old again' },
        item(b.id, a.id, 'reply'),
      ],
      new Date(),
    );
    expect(outcomes.map((o) => o.kind)).toEqual([
      'stored',
      'stored',
      'refused',
      'refused',
      'duplicate',
      'duplicate',
      'stored',
    ]);
    expect(outcomes[2]).toMatchObject({ error: { failure: 'notFound', message: 'No such member' } });
    expect(outcomes[3]).toMatchObject({ error: { failure: 'forbidden', message: 'You have been blocked' } });
    expect(outcomes[4]).toMatchObject({
      message: { msg: 'twin', id: (outcomes[1] as { message: { id: number } }).message.id },
    });
    expect(outcomes[5]).toMatchObject({
      message: { msg: 'before', id: (first as { message: { id: number } }).message.id },
    });
    // b received 'before', 'one', 'twin': the batch answers the total after it.
    expect(outcomes[0]).toMatchObject({ unreadAll: 3 });
    expect(outcomes[6]).toMatchObject({ unreadAll: 1 });
    expect(await getUnread(db, b.id)).toBe(3);
    const ids = outcomes.flatMap((o) => (o.kind === 'stored' ? [o.message.id] : []));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids); // ids follow the batch order
  });
});

describe('createChatWriter', () => {
  it('groups what arrives together into one batch and answers each after the commit', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const writer = createChatWriter({ db: t.app.amity.db, now: () => new Date(), lingerMs: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => writer.submit(item(a.id, b.id, `m${n}`))));
    expect(results.every((r) => r.kind === 'stored')).toBe(true);
    expect(new Set(results.map((r) => (r.kind === 'stored' ? r.unreadAll : -1)))).toEqual(new Set([50]));
    await writer.close();
    await expect(writer.submit(item(a.id, b.id, 'late'))).rejects.toThrow(/closed/);
  });
});

describe('a row that fails in SQL', () => {
  // Validation keeps these out of frames; here they are put straight into the writer, as a slipped check would.
  type Row = ReturnType<typeof item> & { why?: string };
  const poisons = (a: number, b: number): Row[] => [
    { ...item(a, b, 'nul \0 in msg'), why: 'NUL in msg' },
    { ...item(a, b, 'nul in lang'), lang: 'e\0n', why: 'NUL in lang' },
    { ...item(a, 2 ** 31, 'toId beyond int4'), why: 'toId 2^31' },
    { ...item(a, b, 'type outside the check'), type: 10, why: 'type 10 (check constraint)' },
  ];

  it('costs only itself: every other row of its batch is stored once and acked', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    const errors: unknown[] = [];
    const writer = createChatWriter({
      db: t.app.amity.db,
      now: () => new Date(),
      lingerMs: 20,
      onError: (e) => errors.push(e),
    });
    const honest = Array.from({ length: 40 }, (_, n) =>
      n % 2 ? item(a.id, b.id, `a${n}`) : item(c.id, b.id, `c${n}`),
    );
    const bad = poisons(a.id, b.id);
    // Poisoned rows sit at the start, the middle and the end of one batch.
    const all: Row[] = [bad[0]!, ...honest.slice(0, 20), bad[1]!, bad[2]!, ...honest.slice(20), bad[3]!];
    const outcomes = await Promise.all(all.map(({ why: _why, ...i }) => writer.submit(i)));
    await writer.close();
    for (const [n, i] of all.entries()) {
      if (i.why) {
        expect(outcomes[n], i.why).toMatchObject({
          kind: 'refused',
          error: { failure: 'invalid', message: UNSTORABLE_MESSAGE },
        });
      } else {
        expect(outcomes[n]).toMatchObject({ kind: 'stored', message: { msg: i.msg, senderId: i.senderId } });
      }
    }
    expect(errors).toHaveLength(bad.length); // each bad row is logged once, as the validation gap it is
    expect(errors.every(isDataError)).toBe(true);
    const { rows } = await sql<{ msg: string; n: string }>`
      select msg, count(*) as n from messages where sender_id in (${a.id}, ${c.id}) group by msg`.execute(
      t.app.amity.db,
    );
    expect(new Map(rows.map((r) => [r.msg, Number(r.n)]))).toEqual(new Map(honest.map((i) => [i.msg, 1])));
    // b's unread total counts the 40 honest messages only.
    expect(await getUnread(t.app.amity.db, b.id)).toBe(40);
    // One sender's messages keep their order in ids, though the batch was split around the bad rows.
    const ids = outcomes.flatMap((o, n) => (o.kind === 'stored' && all[n]!.senderId === a.id ? [o.message.id] : []));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it('a batch of nothing but bad rows answers each of them 400', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const writer = createChatWriter({ db: t.app.amity.db, now: () => new Date(), lingerMs: 20 });
    const outcomes = await Promise.all(poisons(a.id, b.id).map(({ why: _why, ...i }) => writer.submit(i)));
    await writer.close();
    expect(outcomes.map((o) => o.kind)).toEqual(['refused', 'refused', 'refused', 'refused']);
  });

  it('an error that is not about a row fails the batch as before (no retries against a broken database)', async () => {
    const failing = {
      transaction: () => ({
        execute: async () => {
          calls += 1;
          throw Object.assign(new Error('terminating connection'), { code: '57P01' });
        },
      }),
    } as unknown as typeof t.app.amity.db;
    let calls = 0;
    const writer = createChatWriter({ db: failing, now: () => new Date(), lingerMs: 5 });
    const results = await Promise.allSettled([writer.submit(item(1, 2, 'x')), writer.submit(item(1, 2, 'y'))]);
    await writer.close();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
  });

  it('tells data errors (SQLSTATE classes 22 and 23) from the rest', () => {
    for (const code of ['22021', '22003', '22P05', '23514', '23502']) expect(isDataError({ code }), code).toBe(true);
    for (const code of ['08006', '40001', '57P01', '42P01', 22021, undefined]) {
      expect(isDataError({ code }), String(code)).toBe(false);
    }
    expect(isDataError(null)).toBe(false);
    expect(isDataError(new Error('x'))).toBe(false);
  });
});

describe('sendSystemMessage', () => {
  it('stores a gift message in the caller’s transaction and delivers it only when told', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const published: unknown[] = [];
    const ctx = {
      ...t.app.amity,
      hub: { ...t.app.amity.hub, publish: (userId: number, frame: unknown) => published.push({ userId, frame }) },
    };
    const sent = await t.app.amity.db
      .transaction()
      .execute((trx) => sendSystemMessage(ctx, trx, { senderId: a.id, toId: b.id, type: 3, msg: 'Happy birthday' }));
    expect(published).toEqual([]);
    sent.deliver();
    // The receiver's copy first: on a shared bus the sender's ack never arrives without it (chat.writer.ts).
    expect(published).toEqual([
      { userId: b.id, frame: { action: 'chart', code: 200, data: { ...sent.message, unreadAll: 1 } } },
      { userId: a.id, frame: { action: 'chart', code: 200, data: sent.message } },
    ]);
    expect(sent.message).toMatchObject({ type: 3, msg: 'Happy birthday', senderId: a.id, toId: b.id });
    // Outside a transaction it goes out at once; an unknown receiver is refused.
    await sendSystemMessage(ctx, t.app.amity.db, { senderId: a.id, toId: b.id, type: 7, msg: '' });
    expect(published).toHaveLength(4);
    await expect(
      sendSystemMessage(ctx, t.app.amity.db, { senderId: a.id, toId: 999_999, type: 7, msg: '' }),
    ).rejects.toThrow('No such member');
  });

  it('delivers notes to oneself with the unread total left as it was, and each message as it was stored', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    const published: { userId: number; frame: { data: Message & { unreadAll?: number } } }[] = [];
    const ctx = {
      ...t.app.amity,
      hub: { ...t.app.amity.hub, publish: (userId: number, frame: never) => published.push({ userId, frame }) },
    };
    await sendSystemMessage(ctx, t.app.amity.db, { senderId: c.id, toId: a.id, type: 3, msg: 'one' });
    await sendSystemMessage(ctx, t.app.amity.db, { senderId: c.id, toId: a.id, type: 4, msg: 'two' });
    published.length = 0;
    // In one batch: a note to a (who has 2 unread), a gift to b and a note to b (b's total rises by the gift only).
    const sent = await t.app.amity.db.transaction().execute((trx) =>
      sendSystemMessages(ctx, trx, [
        { senderId: a.id, toId: a.id, type: 7, msg: '{"reason":"purchase"}' },
        { senderId: a.id, toId: b.id, type: 5, msg: 'for you' },
        { senderId: b.id, toId: b.id, type: 7, msg: '{"reason":"gift"}' },
      ]),
    );
    for (const s of sent) s.deliver();
    const unreadOf = (userId: number, type: number) =>
      published.find((p) => p.userId === userId && p.frame.data.type === type)?.frame.data.unreadAll;
    expect(unreadOf(a.id, 7)).toBe(2);
    expect(unreadOf(b.id, 5)).toBe(1);
    expect(unreadOf(b.id, 7)).toBe(1);
    const stored = await sql<{ id: string; created_at: Date; read_at: Date | null; translations: object }>`
      select id, created_at, read_at, translations from messages where id = any(${sent.map((s) => s.message.id)}::bigint[])
      order by id`.execute(t.app.amity.db);
    expect(sent.map((s) => ({ id: s.message.id, createdAt: s.message.createdAt, readAt: s.message.readAt }))).toEqual(
      stored.rows.map((r) => ({
        id: Number(r.id),
        createdAt: r.created_at.toISOString(),
        readAt: r.read_at?.toISOString() ?? null,
      })),
    );
    expect(sent[0]!.message.readAt).not.toBeNull();
    expect(sent[1]!.message.readAt).toBeNull();
  });
});
