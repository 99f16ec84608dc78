/**
 * The walking skeleton end to end: a newcomer registers, lands on /chat, stays signed in across a reload, signs out,
 * is sent from a guarded route to /login?redirect=… and comes back there after signing in.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { registerThroughUi, signInThroughUi } from '../support/flows.ts';

let server: AppServer;
let browser: Browser;

before(async () => {
  server = await startAppServer();
});

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser?.close();
});

after(async () => {
  await server?.stop();
});

test('register, land on /chat, reload, sign out, guarded route round trip', async () => {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${server.url}/`);
  await page.waitForURL(/\/login/);

  await registerThroughUi(page, { username: 'maria_e2e', email: 'Maria.E2E@example.com', password: 'secret42' });
  await page.waitForURL(/\/chat$/);
  await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();

  await page.reload();
  await page.waitForURL(/\/chat$/);
  await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);

  await page.goto(`${server.url}/vip`);
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/vip');

  await signInThroughUi(page, 'maria_e2e', 'secret42');
  await page.waitForURL((url) => url.pathname === '/vip');

  assert.deepEqual(errors, [], 'no uncaught errors in the page');
});

test('a signed-in member visiting /login is sent to /chat, unknown paths go to /login when signed out', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/no/such/page`);
  await page.waitForURL(/\/login/);

  await signInThroughUi(page, 'MARIA.E2E@example.com', 'secret42');
  await page.waitForURL(/\/chat$/);
  await page.goto(`${server.url}/login`);
  await page.waitForURL(/\/chat$/);
});

test('a wrong password is refused with the server message and no sign-in', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, 'maria_e2e', 'wrong-password');
  await page.getByText('Wrong username or password').first().waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'no token stored');
});
