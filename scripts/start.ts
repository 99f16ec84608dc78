/**
 * `npm start`: builds the client when it is missing or stale, then starts the one server that serves the app,
 * the API and the WebSocket on the embedded defaults (PGlite, file mail outbox, local files, demo members).
 */
import { join } from 'node:path';
import { buildClient } from './lib/build-client.ts';
import { clientIsStale } from './lib/freshness.ts';
import { root } from './lib/run.ts';

const clientDir = process.env.CLIENT_DIR ?? join(root, 'dist', 'client');
if (clientIsStale(root, clientDir)) {
  console.log('Building the client (it is missing or older than its sources)…');
  await buildClient(clientDir);
}
await import('../server/main.ts');
