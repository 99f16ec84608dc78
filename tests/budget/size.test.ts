/**
 * Size budgets (issue 4): the JavaScript and CSS a member's browser loads to show /login signed out and /chat
 * signed in, gzipped, must stay within budget. Sizes, not timings: the figures are printed either way.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';

const BUDGET = { jsKb: 140, cssKb: 20 };

let server: AppServer;
let browser: Browser;

before(async () => {
  server = await startAppServer();
  browser = await openBrowser({ viewport: { width: 390, height: 844 } });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Loaded {
  js: { url: string; gzip: number }[];
  css: { url: string; gzip: number }[];
}

/** Everything the page itself fetches as script or style until the network is idle, gzipped at level 9. */
async function load(page: Page, url: string, ready: () => Promise<void>): Promise<Loaded> {
  const pending: Promise<void>[] = [];
  const loaded: Loaded = { js: [], css: [] };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const entry = { url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length };
        (type === 'script' ? loaded.js : loaded.css).push(entry);
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return loaded;
}

function check(name: string, loaded: Loaded) {
  const kb = (list: { gzip: number }[]) => list.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const js = kb(loaded.js);
  const css = kb(loaded.css);
  console.log(
    `${name}: JavaScript ${js.toFixed(1)} KB gzip in ${loaded.js.length} files (budget ${BUDGET.jsKb}), ` +
      `CSS ${css.toFixed(1)} KB gzip in ${loaded.css.length} files (budget ${BUDGET.cssKb})`,
  );
  for (const f of [...loaded.js, ...loaded.css].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.url}`);
  }
  assert.ok(loaded.js.length > 0, 'some JavaScript was loaded');
  assert.ok(js <= BUDGET.jsKb, `${name}: ${js.toFixed(1)} KB of JavaScript is over the ${BUDGET.jsKb} KB budget`);
  assert.ok(css <= BUDGET.cssKb, `${name}: ${css.toFixed(1)} KB of CSS is over the ${BUDGET.cssKb} KB budget`);
}

test('/login signed out stays within the JavaScript and CSS budgets', async () => {
  const page = await browser.context.newPage();
  const loaded = await load(page, `${server.url}/login`, () => page.getByRole('button', { name: 'Sign in' }).waitFor());
  check('/login', loaded);
  await page.close();
});

test('/chat signed in stays within the JavaScript and CSS budgets', async () => {
  const member = await registerMember(server.url, 'budget_user');
  const signIn = await browser.context.newPage();
  await signIn.goto(`${server.url}/login`);
  await signInThroughUi(signIn, member.username, member.password);
  await signIn.waitForURL(/\/chat/);
  await signIn.close();
  const fresh = await openBrowser({ viewport: { width: 390, height: 844 } });
  try {
    // A new profile, so nothing comes from a cache: the session is carried over as the app stores it.
    const storage = await browser.context.storageState();
    const origin = storage.origins.find((o) => o.origin === server.url);
    const page = await fresh.context.newPage();
    await page.addInitScript((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, origin?.localStorage ?? []);
    const loaded = await load(page, `${server.url}/chat`, () =>
      page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor(),
    );
    check('/chat', loaded);
  } finally {
    await fresh.close();
  }
});
