import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-helper.ts';
import type { DatabaseHandle } from './database.ts';
import { createBatchReader, createGroupCommit } from './group-commit.ts';

/** A reader whose reads are recorded and held until released, to see what goes in which batch. */
function heldReader() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const reader = createBatchReader<number, string>({
    read: async (items) => {
      batches.push(items);
      await new Promise<void>((r) => releases.push(r));
      if (items.includes(-1)) throw new Error('read failed');
      return items.map((n) => `#${n}`);
    },
    name: 'test reader',
  });
  return { reader, batches, release: () => releases.shift()?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatchReader', () => {
  it('reads the lookups of one turn together and answers each caller its own outcome', async () => {
    const { reader, batches, release } = heldReader();
    const answers = Promise.all([reader.submit(1), reader.submit(2), reader.submit(2), reader.submit(3)]);
    await tick();
    release();
    expect(await answers).toEqual(['#1', '#2', '#2', '#3']);
    expect(batches).toEqual([[1, 2, 2, 3]]);
  });

  it('queues what arrives during a read and reads it next, as one batch', async () => {
    const { reader, batches, release } = heldReader();
    const first = reader.submit(1);
    await tick();
    const later = [reader.submit(2), reader.submit(3)];
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('#1');
    await tick();
    release();
    expect(await Promise.all(later)).toEqual(['#2', '#3']);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('a failed read rejects the callers of that batch only', async () => {
    const { reader, release } = heldReader();
    const failing = Promise.allSettled([reader.submit(-1), reader.submit(5)]);
    await tick();
    const next = reader.submit(6);
    release();
    expect((await failing).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await tick();
    release();
    expect(await next).toBe('#6');
  });

  it('answers what was queued before close, then refuses new lookups', async () => {
    const { reader, release } = heldReader();
    const queued = reader.submit(7);
    const closing = reader.close();
    await tick();
    release();
    await closing;
    expect(await queued).toBe('#7');
    await expect(reader.submit(8)).rejects.toThrow('the test reader is closed');
  });
});

describe('createGroupCommit without a transaction (a batch whose only write is one statement)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await sql`create table batch_probe (word text not null)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('stores each batch with its one statement, and still sets apart the one item whose data fails', async () => {
    const seen: boolean[] = [];
    const writes = createGroupCommit<string, string>({
      db: handle.db,
      transaction: false,
      store: async (db, words) => {
        seen.push(db.isTransaction);
        await sql`insert into batch_probe (word) select * from unnest(${words}::text[])`.execute(db);
        return words.map((w) => `stored ${w}`);
      },
      unstorable: (word) => `refused ${word.length}`,
      name: 'probe writer',
    });
    // A NUL cannot be stored in text (SQLSTATE 22021): that item alone is refused, the three others are stored.
    const outcomes = await Promise.all(['a', 'b', 'c\u0000', 'd'].map((w) => writes.submit(w)));
    expect(outcomes).toEqual(['stored a', 'stored b', 'refused 2', 'stored d']);
    const { rows } = await sql<{ word: string }>`select word from batch_probe order by word`.execute(handle.db);
    expect(rows.map((r) => r.word)).toEqual(['a', 'b', 'd']);
    expect(seen.every((inTransaction) => !inTransaction)).toBe(true);
    await writes.close();
  });
});
