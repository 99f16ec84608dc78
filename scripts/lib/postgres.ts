/**
 * Starts a throwaway PostgreSQL (Debian's server) on 127.0.0.1 for the test run. PostgreSQL refuses to run as
 * root, so as root the server runs as the `postgres` user on a data folder it owns.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

export interface Postgres {
  url: string;
  stop(): void;
}

export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(base, v, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export async function startPostgres(): Promise<Postgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'amity-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  as(join(binDir, 'initdb'), ['-D', data, '-U', 'amity', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`;
  as(join(binDir, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://amity@127.0.0.1:${port}/postgres`,
    stop() {
      const args = ['-D', data, '-m', 'immediate', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else spawnSync(join(binDir, 'pg_ctl'), args, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
