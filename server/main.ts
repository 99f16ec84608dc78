/** Starts the server: config from the environment, buildApp, listen, and a clean stop on SIGINT/SIGTERM. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './modules/demo/demo.seed.ts';

function fail(message: string): never {
  console.error(`amity: ${message}`);
  process.exit(1);
}

/** Known startup problems get one line; anything else still gets its stack, since nobody knows its cause yet. */
function explain(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE')
    return `port ${e.port ?? ''} on ${e.address ?? ''} is already in use (set PORT or HOST)`;
  if (e?.code === 'EACCES') return `not allowed to listen on port ${e.port ?? ''} (choose a PORT above 1023)`;
  if (e?.code === 'ECONNREFUSED') return `cannot reach the database: ${e.message} (check DATABASE_URL)`;
  if (e?.code === 'EADDRNOTAVAIL') return `HOST ${e.address ?? ''} is not an address of this machine`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

let app: FastifyInstance | undefined;
try {
  const config = loadConfig(process.env);
  app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Amity is listening on http://${shown}:${config.port}`);
  if (config.demo) console.log(`Demo login: ${DEMO_USERNAME} / ${DEMO_PASSWORD}`);
} catch (error) {
  await app?.close().catch(() => {});
  fail(explain(error));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // A stuck connection must not keep the lock forever: give up after 10 s.
    const timer = setTimeout(() => fail('shutdown took too long'), 10_000);
    timer.unref();
    app
      ?.close()
      .then(() => process.exit(0))
      .catch((error: unknown) => fail(`error while stopping: ${explain(error)}`));
  });
}
