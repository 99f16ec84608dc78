/**
 * PGlite spoken to as a PostgreSQL server over a socket: pg's own Connection writes the wire protocol, this stream
 * hands each write to PGlite (`execProtocolRawStream`) and gives back the raw answer, which pg parses as it would
 * from TCP.
 *
 * Why not PGlite's node-postgres adapter: it runs each message of a query (Parse, Bind, Describe, Execute, Sync) as a
 * call of its own and parses every answer into objects with its own reader, before pg handles them again. Here pg
 * corks a query's messages into one write, so a query is one call into PGlite, and its answer is parsed once, by pg.
 * (`execProtocolRaw` would parse it once more too, and keep what it parsed until the next `execProtocol`.)
 */
import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** pg.Pool settings whose one connection talks to `pglite` (PGlite is one session). */
export function pglitePoolConfig(pglite: PGlite): pg.PoolConfig {
  let sessions = 0;
  // One call into PGlite at a time, answered in the order written: the protocol is a conversation.
  let turn: Promise<unknown> = Promise.resolve();
  const run = (bytes: Uint8Array, onAnswer: (chunk: Buffer) => void): Promise<void> => {
    const done = turn.then(async () => {
      // A startup message (no type byte: its first byte is the high byte of its length, 0) after the first one is a
      // new connection, after the pool dropped a broken one: it starts a clean session, as on a server, with nothing
      // left of the last one's transaction or prepared statements.
      if (bytes[0] === 0 && sessions++ > 0) await pglite.exec('rollback; deallocate all');
      // Each chunk is a view of PGlite's memory, valid during the call: copied.
      await pglite.execProtocolRawStream(bytes, { onRawData: (chunk) => onAnswer(Buffer.from(chunk)) });
    });
    turn = done.catch(() => {});
    return done;
  };
  return {
    max: 1,
    // Kept while the database is open: a new connection would only start a new session.
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => new PgliteSocket(run) as unknown as import('node:net').Socket,
  };
}

type Run = (bytes: Uint8Array, onAnswer: (chunk: Buffer) => void) => Promise<void>;

/** What pg's Connection takes for its socket. */
class PgliteSocket extends Duplex {
  private ended = false;
  private readonly run: Run;

  constructor(run: Run) {
    super();
    this.run = run;
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.send(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk)), callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.send(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    // The client said goodbye (Terminate): this session ends; the database stays open.
    this.ended = true;
    this.push(null);
    callback();
    process.nextTick(() => this.destroy());
  }

  private send(chunk: Buffer, callback: (error?: Error | null) => void): void {
    this.run(chunk, (answer) => {
      if (!this.ended) this.push(answer);
    }).catch((error: Error) => this.destroy(error));
    callback();
  }
}
