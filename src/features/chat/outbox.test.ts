import { describe, expect, it } from 'vitest';
import { createMemoryOutbox, type OutboxRecord } from './outbox.ts';

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

  it('lists oldest first', async () => {
    const outbox = createMemoryOutbox();
    await outbox.put(record('late', '2026-11-20T10:00:09.000Z'));
    await outbox.put(record('early', '2026-11-20T10:00:01.000Z'));
    expect((await outbox.list()).map((r) => r.clientId)).toEqual(['early', 'late']);
  });
});
