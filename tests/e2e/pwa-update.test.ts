/**
 * Updates (issue 4): after a deploy that changes the service worker, an open app offers 'New version available';
 * Reload activates the new worker and reloads the page under it.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { compressTree } from '../../scripts/lib/build-client.ts';
import { root } from '../../scripts/lib/run.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';

let server: AppServer;
let browser: Browser;
let clientDir: string;

before(async () => {
  // A copy of the built client, so this test can deploy a new version of it without touching the original.
  clientDir = mkdtempSync(join(tmpdir(), 'amity-client-'));
  cpSync(process.env.CLIENT_DIR ?? join(root, 'dist', 'client'), clientDir, { recursive: true });
  server = await startAppServer({ CLIENT_DIR: clientDir });
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(clientDir, { recursive: true, force: true });
});

test('a new build shows "New version available" and Reload switches to it', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const banner = page.getByRole('region', { name: 'New version available' });
  assert.equal(await banner.count(), 0, 'no prompt while nothing changed');

  const sw = join(clientDir, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deploy ${Date.now()}\n`);
  compressTree(clientDir);

  await page.reload();
  await banner.waitFor({ timeout: 30_000 });
  await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
  });
  assert.deepEqual(state, { waiting: null, controlled: true }, 'the new worker is active and controls the page');
  assert.equal(await banner.count(), 0, 'the prompt is gone after the update');
});
