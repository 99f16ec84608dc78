/** Starts the real server (`node server/main.ts`) on a free loopback port with its own DATA_DIR, as `npm start` would. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '../../scripts/lib/ports.ts';
import { root } from '../../scripts/lib/run.ts';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server's process id (benches read its CPU time from /proc). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'amity-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      RATE_LIMIT_AUTH_PER_MIN: '1000',
      RATE_LIMIT_ACCOUNT_PER_MIN: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  await waitFor(
    async () => {
      if (exited) throw new Error(`server exited:\n${output}`);
      return (await fetch(`${url}/h5-api/health`)).ok;
    },
    `the server on ${url}`,
    60_000,
  ).catch((error) => {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  });
  return {
    url,
    port,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
