/**
 * `npm run start:cluster`: Amity as several instances on this machine, to try what the README's "Several instances"
 * describes: a throwaway PostgreSQL and Redis, two server processes and nginx in front on PORT (8080), all on
 * 127.0.0.1. Ctrl-C stops everything and removes the temporary folder (the database goes with it).
 */
import { join } from 'node:path';
import { buildClient } from './lib/build-client.ts';
import { startCluster } from './lib/cluster.ts';
import { clientIsStale } from './lib/freshness.ts';
import { root } from './lib/run.ts';

const clientDir = process.env.CLIENT_DIR ?? join(root, 'dist', 'client');
if (clientIsStale(root, clientDir)) {
  console.log('Building the client (it is missing or older than its sources)…');
  await buildClient(clientDir);
}
const port = Number(process.env.PORT ?? 8080);
const instances = Number(process.env.INSTANCES ?? 2);
console.log(`Starting PostgreSQL, Redis, ${instances} instances and nginx…`);
const cluster = await startCluster({
  instances,
  nginx: true,
  port,
  output: 'inherit',
  env: { CLIENT_DIR: clientDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
console.log(`
Amity runs on ${cluster.url} (nginx), in front of:
${cluster.instances.map((i) => `  instance ${i.url}`).join('\n')}
  PostgreSQL ${cluster.postgres.url}
  Redis      ${cluster.redis.url}
Demo login: alice / demo1234. Ctrl-C stops them all.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping nginx, the instances, Redis and PostgreSQL…');
    cluster.stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
