/**
 * Starts a throwaway Redis (Debian's redis-server) on 127.0.0.1 and a free port, in a temporary folder, for tests,
 * `npm run start:cluster` and the proofs. The append-only file is on, so a restart keeps the bus stream.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './ports.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops it (SIGTERM: the append-only file is flushed) and starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** Stops it and keeps it stopped until `start`. */
  halt(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** True once the server answers PING on the port. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error('Redis is not installed: apt-get install redis-server (CI does)');
  const dir = mkdtempSync(join(tmpdir(), 'amity-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'];
    child = spawn(REDIS_SERVER, [...args, '--appendfsync', 'no', '--daemonize', 'no', '--loglevel', 'warning'], {
      stdio: 'ignore',
    });
    await waitFor(() => answersPing(port), `redis-server on port ${port}`, 10_000);
  };
  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    halt,
    async restart() {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
