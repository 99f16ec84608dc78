/** Builds the client into dist/client (the route tree, lingui catalogs and the service worker come with it). */
import { bin, run } from './lib/run.ts';

await run(bin('vite'), ['build', '--logLevel', 'warn']);
