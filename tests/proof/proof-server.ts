/**
 * The in-process server of the proofs that try every route (authz, fuzz): a throwaway DATA_DIR, the proof's
 * PostgreSQL, no demo members, no client, every rate limit out of the way, listening on 127.0.0.1. It lists the
 * routes it registers (HEAD left out), so a proof can tell which routes it has not tried.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

/** `name` names the data folder (amity-<name>-…); `env` adds the proof's own settings (translation, payments). */
export async function startProofServer(name: string, databaseUrl: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), `amity-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: join(dataDir, 'no-client'),
    RATE_LIMIT_AUTH_PER_MIN: '1000000',
    RATE_LIMIT_ACCOUNT_PER_MIN: '1000000',
    RATE_LIMIT_PROFILE_PER_MIN: '1000000',
    UPLOADS_PER_MIN: '100000',
    WS_MSG_PER_SEC: '100000',
    WS_MSG_BURST: '100000',
    ...env,
  });
  /** Every route as registered: its method and its url (`/h5-api/api/moment/:id`). */
  const routes: { method: string; url: string }[] = [];
  const app = await buildApp(config, {
    onRoute: ({ method, url }) => {
      for (const m of [method].flat()) if (m !== 'HEAD') routes.push({ method: m, url });
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, config, base, routes };
}
