/**
 * `npm test`: every check and every test, in the order that fails fastest. The server suite runs twice: on PGlite
 * and, where Debian's PostgreSQL is installed (CI installs it), on a throwaway PostgreSQL server.
 */

import { join } from 'node:path';
import { buildClient } from './lib/build-client.ts';
import { postgresBinDir, startPostgres } from './lib/postgres.ts';
import { bin, root, run } from './lib/run.ts';

// The client under test is built apart from dist/client, so a running `npm start` or dev build is left alone.
const clientDir = join(root, '.tmp', 'test-client');

const steps: { name: string; go: () => Promise<void> }[] = [
  {
    name: 'build the client (fails on a missing translation)',
    go: () => buildClient(clientDir),
  },
  { name: 'translations complete and real', go: () => run('node', ['scripts/i18n-check.ts']) },
  { name: 'typecheck', go: () => run(bin('tsc'), ['-b']) },
  { name: 'lint and format', go: () => run(bin('biome'), ['check', '.']) },
  { name: 'unit, component and server tests (PGlite)', go: () => run(bin('vitest'), ['run']) },
  {
    name: 'server tests on PostgreSQL',
    go: async () => {
      if (!postgresBinDir()) {
        throw new Error('PostgreSQL is not installed: apt-get install postgresql (CI does), or run npm run test:unit');
      }
      const pg = await startPostgres();
      try {
        await run(bin('vitest'), ['run', 'server'], { TEST_DATABASE_URL: pg.url });
      } finally {
        pg.stop();
      }
    },
  },
  {
    // Two server processes on PostgreSQL and Redis behind nginx, one killed, Redis restarted (scripts/lib/cluster.ts).
    name: 'multi-instance tests on two processes',
    go: () => run('node', ['--test', '--test-concurrency=1', 'tests/cluster/*.test.ts']),
  },
  {
    name: 'end-to-end in Chromium',
    go: () => run('node', ['--test', '--test-concurrency=1', 'tests/e2e/*.test.ts'], { CLIENT_DIR: clientDir }),
  },
  {
    name: 'size budgets',
    go: () => run('node', ['--test', 'tests/budget/size.test.ts'], { CLIENT_DIR: clientDir }),
  },
  { name: 'Lighthouse audits', go: () => run('node', ['tests/audit/lighthouse.ts'], { CLIENT_DIR: clientDir }) },
];

const only = process.argv.slice(2);
let passed = 0;
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  try {
    await step.go();
  } catch (error) {
    console.error(`\n✖ ${step.name}: ${(error as Error).message}`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
  console.log(`✔ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
