/**
 * PGlite reached through pg's own Connection (pglite-socket.ts): answers typed as from a server, errors with their
 * SQLSTATE (the group commits and the 409/402 answers depend on them), answers larger than one chunk of PGlite's
 * output whole, and a connection that replaces a dropped one in a clean session.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePoolConfig } from './pglite-socket.ts';

let pglite: PGlite;
let pool: pg.Pool;
beforeAll(async () => {
  pglite = await PGlite.create();
  pool = new pg.Pool(pglitePoolConfig(pglite));
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await pglite?.close();
});

describe('PGlite through pg', () => {
  it('answers rows with the types pg gives them, for named and unnamed statements', async () => {
    const text = `select $1::int as n, 2.50::numeric(12, 2) as amount, '2026-11-24T10:00:00Z'::timestamptz as at,
      null::text as nothing, 'éß中'::text as word`;
    for (const query of [
      { text, values: [7] },
      { name: 'typed', text, values: [7] },
    ]) {
      const { rows } = await pool.query(query);
      expect(rows).toEqual([
        { n: 7, amount: '2.50', at: new Date('2026-11-24T10:00:00Z'), nothing: null, word: 'éß中' },
      ]);
    }
  });

  it('reports an error with its SQLSTATE and constraint, and the session goes on', async () => {
    await pool.query('create table probe (id int primary key)');
    await pool.query('insert into probe values (1)');
    const error = await pool.query('insert into probe values (1)').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query({ text: 'insert into probe values ($1)', values: [1] })).rejects.toMatchObject({
        code: '23505',
      });
      await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' });
      await client.query('rollback');
      expect((await client.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });

  it('gives an answer larger than one chunk of output whole', async () => {
    const { rows } = await pool.query(
      `select g as n, repeat('x', 200) as pad from generate_series(1, 20000) g order by g`,
    );
    expect(rows).toHaveLength(20000);
    expect(rows[19999]).toEqual({ n: 20000, pad: 'x'.repeat(200) });
  });

  it('starts a clean session when a new connection replaces a dropped one', async () => {
    const client = await pool.connect();
    await client.query({ name: 'kept', text: 'select $1::int as n', values: [1] });
    await client.query('begin');
    await client.query('insert into probe values (2)');
    // The pool drops a client released with an error: its transaction must not outlive it, nor its statements
    // stop the next connection from preparing them again.
    client.release(new Error('dropped'));
    expect((await pool.query({ name: 'kept', text: 'select $1::int as n', values: [5] })).rows).toEqual([{ n: 5 }]);
    expect((await pool.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 1 }]);
  });
});
