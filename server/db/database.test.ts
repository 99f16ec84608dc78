/**
 * Statements with parameters are prepared once per connection (prepareStatements): what the database holds as
 * prepared is each such text once, never a text with more than 64 parameters, and the answers are as before.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-helper.ts';
import type { DatabaseHandle } from './database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** Runs `work` on one connection of the pool (PostgreSQL has ten; prepared statements belong to one). */
const onOneConnection = <T>(work: (db: DatabaseHandle['db']) => Promise<T>) =>
  handle.db.connection().execute((db) => work(db as DatabaseHandle['db']));

/** The texts that connection holds prepared. */
async function prepared(db: DatabaseHandle['db']): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((r) => r.statement);
}

describe('prepared statements', () => {
  it('prepares a statement with parameters once, and answers each call with its own values', async () => {
    await onOneConnection(async (db) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3])
        answers.push((await sql<{ twice: number }>`select ${n}::int * 2 as twice`.execute(db)).rows[0]!.twice);
      expect(answers).toEqual([2, 4, 6]);
      expect((await prepared(db)).filter((s) => s.includes('* 2 as twice'))).toEqual(['select $1::int * 2 as twice']);
    });
  });

  it('runs a statement with more than 64 parameters unnamed', async () => {
    await onOneConnection(async (db) => {
      const ids = Array.from({ length: 65 }, (_, n) => n);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from generate_series(0, 100) g
        where g in (${sql.join(ids)})`.execute(db);
      expect(rows[0]!.n).toBe(65);
      expect((await prepared(db)).filter((s) => s.includes('generate_series(0, 100)'))).toEqual([]);
    });
  });

  it('keeps answering after a table it reads changed its columns (another instance migrated)', async () => {
    await onOneConnection(async (db) => {
      await sql`create table prepared_probe (id int primary key, a text)`.execute(db);
      await sql`insert into prepared_probe values (1, 'one')`.execute(db);
      const read = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, a: 'one' }]);
      await sql`alter table prepared_probe add column b text default 'new'`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
      expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
      await sql`drop table prepared_probe`.execute(db);
    });
  });
});
