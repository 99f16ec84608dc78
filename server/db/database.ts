/**
 * Opens the one database: PGlite (in DATA_DIR or in memory) or PostgreSQL, both through Kysely's
 * PostgresDialect over a pg.Pool, so that one SQL dialect and one migration set serve both.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { migrateToLatest } from './migrations/index.ts';
import { pglitePoolConfig } from './pglite-socket.ts';
import type { Database } from './schema.ts';

// A date column means a calendar day: keep 'YYYY-MM-DD' instead of a Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type Db = Kysely<Database>;
/** A transaction, for code outside repositories that passes one along (kysely stays in repositories and db/). */
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** undefined → PGlite in `dataDir`/pglite; 'memory://' → in-memory PGlite; else a PostgreSQL URL. */
  url: string | undefined;
  dataDir: string | undefined;
  /** A PGlite data folder dump to start from instead of running initdb (tests: about 0.7 s instead of 5 s). */
  pgliteTemplate?: Blob;
  /** Extra pg.Pool settings for PostgreSQL, e.g. a search_path per test file. */
  poolOptions?: pg.PoolConfig;
  migrate?: boolean;
  /** The schema the migrations run in, when it is not the only one in the database (tests on PostgreSQL). */
  schema?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url?.startsWith('postgres') ? openPostgres(options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, options.schema);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/** Statements past these run unnamed (see prepareStatements). */
const MAX_PREPARED_TEXTS = 1000;
const MAX_PREPARED_PARAMETERS = 64;

/**
 * Every statement with parameters runs as a prepared statement named after its text, so each connection parses and
 * plans it once instead of at every call (the payer read of a translation: 0.10 ms instead of 0.52 on PGlite, the
 * parse and plan were four fifths of it). Kysely compiles one text per query shape, values apart. Bounded, since
 * every connection keeps what it prepared: a statement with more than 64 parameters (the IN list of a big batch,
 * whose text changes with its length) and any text after the first 1,000 distinct ones run unnamed, as before.
 */
function prepareStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
      name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name || undefined;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<unknown>;
    client.query = (async (config: unknown, values?: unknown) => {
      const name =
        typeof config === 'string' && Array.isArray(values) && values.length > 0
          ? values.length <= MAX_PREPARED_PARAMETERS
            ? nameOf(config)
            : undefined
          : undefined;
      if (!name) return query(config, values);
      try {
        return await query({ name, text: config, values });
      } catch (error) {
        // Another instance's migration changed a table this `select *` reads: its plan cannot be reused. The text
        // runs unnamed from now on; this call is tried so once (inside a transaction that the error aborted, the
        // retry fails too, and the caller hears of the first error).
        if (!isChangedResultType(error)) throw error;
        names.set(config as string, '');
        return query(config, values).catch(() => Promise.reject(error));
      }
    }) as typeof client.query;
  });
}

/** PostgreSQL's refusal to run a prepared statement whose result columns changed since it was prepared. */
function isChangedResultType(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

function openPostgres(options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: options.url, max: 10, ...options.poolOptions });
  prepareStatements(pool);
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const inMemory = options.url === 'memory://' || options.dataDir === undefined;
  let lock: DataDirLock | undefined;
  if (!inMemory) lock = acquireDataDirLock(options.dataDir!);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? undefined : join(options.dataDir!, 'pglite'), {
      loadDataDir: inMemory ? options.pgliteTemplate : undefined,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const pool = new pg.Pool(pglitePoolConfig(pglite));
  prepareStatements(pool);
  // A session that failed (PGlite threw) must not crash the process; its queries report it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    async close() {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database (or the link to it) is gone rather than the query wrong: a refused or broken connection, SQLSTATE
 * class 08 (connection exception) or 57P01-57P03 (shut down, cannot connect now). Answered 503, not 500.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(08[0-9A-Z]{3}|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /^Connection terminated|^timeout exceeded when trying to connect/.test(message);
}

/** PostgreSQL's unique_violation; `constraint` names the index that refused the row. */
export function uniqueViolation(error: unknown): { constraint: string } | undefined {
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
    return { constraint: String((error as { constraint?: unknown }).constraint ?? '') };
  }
  return undefined;
}
