import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '#protocol/codes.ts';
import { createOutbox, type Outbox, type OutboxRecord, type OutboxRows } from './outbox.ts';
import { ACK_TIMEOUT_MS, BACKOFF_MS, createOutboxSender } from './outbox-sender.ts';
import { FakeTransport } from './test-fixtures.ts';

const record = (clientId: string, toId = 7): OutboxRecord => ({
  clientId,
  toId,
  type: 1,
  msg: `text ${clientId}`,
  lang: 'en',
  createdAt: '2026-11-20T10:00:00.000Z',
  state: 'queued',
  attempts: 0,
});

function memoryRows() {
  const rows = new Map<string, OutboxRecord>();
  const api: OutboxRows = {
    all: async () => [...rows.values()],
    put: async (r) => void rows.set(r.clientId, structuredClone(r)),
    delete: async (id) => void rows.delete(id),
  };
  return { rows, api };
}

let transport: FakeTransport;
let outbox: Outbox;
const flush = () => new Promise((r) => setTimeout(r, 0));
const sender = () =>
  createOutboxSender({ outbox, send: (f) => transport.send(f), canSend: () => transport.status === 'open' });
const sentIds = () => transport.sentOf('chart').map((f) => f.data.clientId);
const states = async () => (await outbox.list()).map((r) => `${r.clientId}:${r.state}`);

beforeEach(() => {
  transport = new FakeTransport();
  outbox = createOutbox();
});
afterEach(() => vi.useRealTimers());

describe('outbox sender', () => {
  it('queued → sending → sent, one at a time and in order', async () => {
    const s = sender();
    await s.enqueue(record('a'));
    await s.enqueue(record('b'));
    await s.enqueue(record('c'));
    expect(await states()).toEqual(['a:sending', 'b:queued', 'c:queued']);
    expect(sentIds()).toEqual(['a']);
    await s.acked('a');
    await flush();
    expect(await states()).toEqual(['b:sending', 'c:queued']);
    await s.acked('b');
    await flush();
    await s.acked('c');
    await flush();
    expect(sentIds()).toEqual(['a', 'b', 'c']);
    expect(await outbox.list()).toEqual([]);
  });

  it('offline messages stay queued (never failed) and leave in order after the reconnect', async () => {
    const s = sender();
    transport.drops();
    await s.disconnected();
    for (const id of ['a', 'b', 'c']) await s.enqueue(record(id, id === 'b' ? 9 : 7));
    expect(await states()).toEqual(['a:queued', 'b:queued', 'c:queued']);
    expect(sentIds()).toEqual([]);
    transport.opens();
    await s.connected();
    for (const id of ['a', 'b', 'c']) {
      expect(sentIds().at(-1)).toBe(id);
      await s.acked(id);
      await flush();
    }
    expect(sentIds()).toEqual(['a', 'b', 'c']);
  });

  it('an in-flight message is re-sent after a reconnect with the SAME clientId, and the queue keeps its order', async () => {
    const s = sender();
    await s.enqueue(record('a'));
    await s.enqueue(record('b'));
    expect(sentIds()).toEqual(['a']);
    transport.drops();
    await s.disconnected();
    expect(await states()).toEqual(['a:queued', 'b:queued']);
    transport.opens();
    await s.connected();
    expect(sentIds()).toEqual(['a', 'a']);
    // The server had stored 'a' before the drop: it acks the repeat with the first Message; nothing new is stored.
    await s.acked('a');
    await flush();
    expect(sentIds()).toEqual(['a', 'a', 'b']);
  });

  it('no ack in time → failed; Retry keeps the clientId; the queue does not wait for the failed one', async () => {
    vi.useFakeTimers();
    const s = sender();
    await s.enqueue(record('a'));
    await s.enqueue(record('b'));
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(await states()).toEqual(['a:failed', 'b:sending']);
    expect((await outbox.get('a'))?.error).toBe('timeout');
    await s.acked('b');
    await s.retry('a');
    expect(sentIds()).toEqual(['a', 'b', 'a']);
    expect(await states()).toEqual(['a:sending']);
  });

  it('Cancel deletes a queued or failed message, never one in flight', async () => {
    const s = sender();
    await s.enqueue(record('a'));
    await s.enqueue(record('b'));
    await s.cancel('a');
    await s.cancel('b');
    expect(await states()).toEqual(['a:sending']);
    await s.refused('a', Code.badRequest, 'msg must not be empty');
    expect(await states()).toEqual(['a:failed']);
    await s.cancel('a');
    expect(await outbox.list()).toEqual([]);
  });

  it('a blocked message cannot be retried', async () => {
    const s = sender();
    await s.enqueue(record('a'));
    await s.refused('a', Code.forbidden, 'blocked');
    await s.retry('a');
    expect(sentIds()).toEqual(['a']);
    expect(await states()).toEqual(['a:failed']);
  });

  it('429 puts the message back in the queue and re-sends it after a pause, same clientId', async () => {
    vi.useFakeTimers();
    const s = sender();
    await s.enqueue(record('a'));
    await s.refused('a', Code.tooMany, 'Too many messages');
    expect(await states()).toEqual(['a:queued']);
    await vi.advanceTimersByTimeAsync(BACKOFF_MS);
    expect(sentIds()).toEqual(['a', 'a']);
  });

  it('after a reload the persisted queue goes out in the original order with the original clientIds', async () => {
    const { rows, api } = memoryRows();
    outbox = createOutbox(api);
    const first = sender();
    await first.enqueue(record('a'));
    await first.enqueue(record('b'));
    await first.enqueue(record('c'));
    expect([...rows.values()].map((r) => `${r.clientId}:${r.state}`)).toEqual(['a:sending', 'b:queued', 'c:queued']);
    first.dispose();

    // A new page: fresh memory, the same IndexedDB rows.
    transport = new FakeTransport();
    outbox = createOutbox(api);
    const second = sender();
    await second.connected();
    expect(sentIds()).toEqual(['a']);
    await second.acked('a');
    await flush();
    await second.acked('b');
    await flush();
    expect(sentIds()).toEqual(['a', 'b', 'c']);
    await second.acked('c');
    expect(rows.size).toBe(0);
  });
});
