/**
 * A local cluster on 127.0.0.1: a throwaway PostgreSQL, a throwaway Redis, N server processes (server/main.ts) on one
 * DATA_DIR, and optionally Debian's nginx in front (a generated config in a temp folder: round robin, WebSocket
 * upgrade, X-Forwarded-For with TRUST_PROXY, a 502/503 answer retried on the other instance). Used by
 * `npm run start:cluster`, the multi-instance CI test and the proofs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './ports.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { type RedisServer, startRedis } from './redis.ts';
import { root } from './run.ts';

export const NGINX = '/usr/sbin/nginx';

export interface Instance {
  port: number;
  url: string;
  /** The process is running (not killed, not exited). */
  readonly alive: boolean;
  /** SIGKILL: no clean stop, sockets and in-flight work cut. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and waits for its health. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  postgres: Postgres;
  redis: RedisServer;
  instances: Instance[];
  /** nginx's origin when it runs, else the first instance's. */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  nginx?: boolean;
  /** nginx's port (start:cluster takes PORT); a free one when unset. */
  port?: number;
  /** More environment for every instance (LOG_LEVEL, DEMO, rate limits…). */
  env?: Record<string, string>;
  /** Where the instances' output goes: inherited (start:cluster) or ignored (tests, proofs). */
  output?: 'inherit' | 'ignore';
}

export async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/h5-api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream amity {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://amity;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const output = options.output ?? 'ignore';
  const dir = mkdtempSync(join(tmpdir(), 'amity-cluster-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const started: { stop(): Promise<void> | void }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgres();
    started.push(postgres);
    const redis = await startRedis();
    started.push(redis);
    const nginxPort = options.nginx ? (options.port ?? (await freePort())) : undefined;
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const publicOrigin = `http://127.0.0.1:${nginxPort ?? ports[0]}`;
    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      PUBLIC_ORIGIN: publicOrigin,
      // The instances' own ports too, so a script may talk to one instance directly.
      ALLOWED_ORIGINS: ports.map((p) => `http://127.0.0.1:${p}`).join(','),
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    };
    const instances = ports.map((port): Instance => {
      let child: ChildProcess | undefined;
      const url = `http://127.0.0.1:${port}`;
      const instance: Instance = {
        port,
        url,
        get alive() {
          return child !== undefined && child.exitCode === null && child.signalCode === null;
        },
        async start() {
          child = spawn(process.execPath, [join(root, 'server', 'main.ts')], {
            cwd: root,
            env: { ...env, PORT: String(port) },
            stdio: ['ignore', output, output],
          });
          await waitFor(() => healthy(url), `the instance on port ${port}`, 60_000);
        },
        async kill() {
          if (!child || !instance.alive) return;
          const done = exited(child);
          child.kill('SIGKILL');
          await done;
        },
        async stop() {
          if (!child || !instance.alive) return;
          const done = exited(child);
          child.kill('SIGTERM');
          await done;
        },
      };
      return instance;
    });
    // One after the other: the first runs the migrations and seeds the demo members alone.
    for (const instance of instances) {
      started.push(instance);
      await instance.start();
    }
    let url = instances[0]!.url;
    if (nginxPort !== undefined) {
      if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install nginx-light (or nginx)');
      const nginxDir = join(dir, 'nginx');
      mkdirSync(nginxDir);
      chmodSync(nginxDir, 0o777);
      const conf = join(nginxDir, 'nginx.conf');
      writeFileSync(conf, nginxConfig(nginxDir, nginxPort, ports));
      const nginx = spawn(NGINX, ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', conf], {
        stdio: ['ignore', output, output],
      });
      started.push({
        async stop() {
          const done = exited(nginx);
          nginx.kill('SIGTERM');
          await done;
        },
      });
      url = `http://127.0.0.1:${nginxPort}`;
      await waitFor(() => healthy(url), `nginx on port ${nginxPort}`, 10_000);
    }
    return { postgres, redis, instances, url, dataDir, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
