/** Builds the client into dist/client (route tree, lingui catalogs, service worker) with compressed copies. */
import { join } from 'node:path';
import { buildClient } from './lib/build-client.ts';
import { root } from './lib/run.ts';

await buildClient(join(root, 'dist', 'client'));
