import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../realtime/socket-test-client.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { addBlock, getUnread } from './chat.repository.ts';
import { sendSystemMessage } from './chat.service.ts';
import { createChatWriter, storeBatch } from './chat.writer.ts';

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
    expect(published).toEqual([
      { userId: a.id, frame: { action: 'chart', code: 200, data: sent.message } },
      { userId: b.id, frame: { action: 'chart', code: 200, data: { ...sent.message, unreadAll: 1 } } },
    ]);
    expect(sent.message).toMatchObject({ type: 3, msg: 'Happy birthday', senderId: a.id, toId: b.id });
    // Outside a transaction it goes out at once; an unknown receiver is refused.
    await sendSystemMessage(ctx, t.app.amity.db, { senderId: a.id, toId: b.id, type: 7, msg: '' });
    expect(published).toHaveLength(4);
    await expect(
      sendSystemMessage(ctx, t.app.amity.db, { senderId: a.id, toId: 999_999, type: 7, msg: '' }),
    ).rejects.toThrow('No such member');
  });
});
