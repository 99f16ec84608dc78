import { describe, expect, it } from 'vitest';
import { createMemoryOutbox, createOutbox, type OutboxRecord, type OutboxRows } from './outbox.ts';

const record = (clientId: string, createdAt = '2026-11-20T10:00:00.000Z'): OutboxRecord => ({
  clientId,
  toId: 7,
  type: 1,
  msg: 'hi',
  lang: 'en',
  createdAt,
  state: 'queued',
  attempts: 0,
});

describe('outbox', () => {
  it('moves a record queued → sending → gone on ack, and tells subscribers each time', async () => {
    const outbox = createMemoryOutbox();
    const seen: string[][] = [];
    outbox.subscribe((list) => seen.push(list.map((r) => `${r.clientId}:${r.state}`)));
    await outbox.put(record('a'));
    await outbox.update('a', { state: 'sending' });
    expect((await outbox.markAcked('a'))?.state).toBe('sent');
    expect(await outbox.list()).toEqual([]);
    expect(seen).toEqual([['a:queued'], ['a:sending'], []]);
  });

  it('a failure keeps the record with its error so it can be retried', async () => {
    const outbox = createMemoryOutbox();
    await outbox.put(record('b'));
    await outbox.markFailed('b', 'timeout');
    expect(await outbox.get('b')).toMatchObject({ state: 'failed', error: 'timeout' });
  });

  it('an ack that beat a late failure leaves nothing behind', async () => {
    const outbox = createMemoryOutbox();
    await outbox.put(record('c'));
    await outbox.markAcked('c');
    expect(await outbox.markFailed('c', 'timeout')).toBeUndefined();
    expect(await outbox.list()).toEqual([]);
  });

  it('lists in send order (seq), even when clocks say otherwise', async () => {
    const outbox = createMemoryOutbox();
    await outbox.put(record('first', '2026-11-20T10:00:09.000Z'));
    await outbox.put(record('second', '2026-11-20T10:00:01.000Z'));
    await outbox.put(record('third', '2026-11-20T10:00:01.000Z'));
    expect((await outbox.list()).map((r) => r.clientId)).toEqual(['first', 'second', 'third']);
  });

  it('records survive a reload through their rows, in order, and a cancel removes the row', async () => {
    const rows = new Map<string, OutboxRecord>();
    const persisted: OutboxRows = {
      all: async () => [...rows.values()].reverse(),
      put: async (r) => void rows.set(r.clientId, r),
      delete: async (id) => void rows.delete(id),
    };
    const before = createOutbox(persisted);
    await before.load();
    for (const id of ['a', 'b', 'c']) await before.put(record(id));
    await before.remove('b');
    expect([...rows.keys()].sort()).toEqual(['a', 'c']);

    const after = createOutbox(persisted);
    const seen: string[][] = [];
    after.subscribe((list) => seen.push(list.map((r) => r.clientId)));
    await after.load();
    expect((await after.list()).map((r) => r.clientId)).toEqual(['a', 'c']);
    expect(seen).toEqual([['a', 'c']]);
    await after.put(record('d'));
    expect((await after.list()).map((r) => r.clientId)).toEqual(['a', 'c', 'd']);
  });
});
