/**
 * The staff console end to end (issue 13) through the real server with the demo's staff account (`moderator`):
 * Rita reports Tom from his page; the moderator resolves the report from the queue's side sheet with a 1-day
 * suspension; Tom, signed in elsewhere, is signed out at once and cannot sign in; Rita is told her report led to
 * action. Members never fetch the console's code (its built chunks are found by what they contain), even when they
 * type its address. Then the moderator's permissions change while the console is open: the 498 prompt asks to reload,
 * and the reloaded console shows only the sections left.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { call, type Member, md5, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';

const MODERATOR = { username: 'moderator', password: 'demo1234' };

let server: AppServer;
const browsers: Browser[] = [];
let rita: Member;
let tom: Member;
/** Every script and style sheet a member's browser fetched (paths). */
const memberFetched = new Set<string>();
const staffFetched = new Set<string>();

/** The built client's files that hold the console: scripts calling /api/staff/, style sheets styling its nav. */
function consoleChunks(): string[] {
  const assets = join(resolve(process.env.CLIENT_DIR ?? 'dist/client'), 'assets');
  return readdirSync(assets)
    .filter((name) => {
      if (name.endsWith('.js')) return readFileSync(join(assets, name), 'utf8').includes('/api/staff/');
      if (name.endsWith('.css')) return readFileSync(join(assets, name), 'utf8').includes('.staff-nav');
      return false;
    })
    .map((name) => `/assets/${name}`);
}

async function open(member: { username: string; password: string }, fetched: Set<string>): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  browser.context.on('request', (r) => {
    if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') fetched.add(new URL(r.url()).pathname);
  });
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  return page;
}

before(async () => {
  server = await startAppServer({ DEMO: '1' });
  rita = await registerMember(server.url, 'rita_report');
  tom = await registerMember(server.url, 'tom_spam');
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

test('a report, a 1-day suspension from the queue: the member is signed out and cannot sign in, the reporter is told', async () => {
  const r = await open(rita, memberFetched);
  const t = await open(tom, memberFetched);

  // Rita reports Tom from his page.
  await r.goto(`${server.url}/homepage/${tom.id}`);
  await r.getByRole('button', { name: 'Report' }).click();
  const report = r.getByRole('dialog', { name: 'Report' });
  await report.getByRole('radio', { name: 'Spam or advertising' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await r.getByText('Thank you. We will look into it.', { exact: true }).waitFor();

  // A member typing the console's address lands on /chat.
  await r.goto(`${server.url}/staff/reports`);
  await r.waitForURL(/\/chat/);

  // The moderator finds the console in the account panel and works the queue.
  const m = await open(MODERATOR, staffFetched);
  await m.goto(`${server.url}/profile`);
  await m.getByRole('link', { name: 'Staff console' }).click();
  await m.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).click();
  await m.getByRole('heading', { name: 'Reports queue' }).waitFor();
  const row = m.getByRole('row').filter({ hasText: 'tom_spam' });
  await row.getByText('Spam or advertising').waitFor();
  await row.getByRole('button', { name: /^Review report/ }).click();

  const sheet = m.getByRole('dialog', { name: /^Report \d+/ });
  await sheet.getByText('rita_report').waitFor();
  await sheet.getByRole('heading', { name: 'Recent messages' }).waitFor();
  await sheet.getByRole('radio', { name: 'Suspend' }).check();
  await sheet.getByLabel('Suspend for').selectOption({ label: '1 day' });
  await sheet.getByLabel('Note').fill('Advertising in every chat');
  await sheet.getByRole('button', { name: 'Resolve' }).click();
  await sheet.waitFor({ state: 'hidden' });
  // The open queue no longer holds it; the resolved one says who did what.
  await m.getByText('No reports here.').waitFor();
  await m.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Resolved' });
  await m.getByRole('row').filter({ hasText: 'tom_spam' }).getByText('Resolved').waitFor();

  // Tom is signed out at once (his socket is closed) and cannot sign back in.
  await t.waitForURL(/\/login/);
  await signInThroughUi(t, tom.username, tom.password);
  await t.getByText(/^Your account is suspended until \d{4}-\d\d-\d\dT/).waitFor();
  assert.match(t.url(), /\/login/);

  // Rita hears that her report led to action, from the moderator, without the outcome.
  const moderator = await call<{ id: number }>(
    server.url,
    'GET',
    '/api/system/user/info',
    undefined,
    await call<string>(server.url, 'POST', '/api/system/user/login', {
      keyword: MODERATOR.username,
      password: md5(MODERATOR.password),
    }),
  );
  await r.goto(`${server.url}/chat?userId=${moderator.id}`);
  await r
    .getByRole('log')
    .getByText('Amity moderation: thank you for your report. We looked into it and took action.')
    .waitFor();

  // The audit log shows the suspension.
  await m.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
  await m.getByRole('row').filter({ hasText: 'Report: member suspended' }).getByText('moderator').waitFor();

  // Members fetched none of the console's files; the moderator did (so the check finds them).
  const chunks = consoleChunks();
  assert.ok(chunks.length > 0, 'the built client has console chunks');
  assert.ok(
    chunks.some((c) => staffFetched.has(c)),
    `the moderator loaded the console (${chunks.join(', ')})`,
  );
  const leaked = chunks.filter((c) => memberFetched.has(c));
  assert.deepEqual(leaked, [], 'members loaded console chunks');
});

test("498: the moderator's permissions change while the console is open; the prompt reloads it with the new sections", async () => {
  const m = await open(MODERATOR, staffFetched);
  await m.goto(`${server.url}/staff/members`);
  const sections = m.getByRole('navigation', { name: 'Console sections' });
  await sections.getByRole('link', { name: 'Members' }).waitFor();

  // Another session of the moderator (staff:admin) takes member:read and catalog:edit away from the account.
  const token = await call<string>(server.url, 'POST', '/api/system/user/login', {
    keyword: MODERATOR.username,
    password: md5(MODERATOR.password),
  });
  const me = await call<{ id: number }>(server.url, 'GET', '/api/system/user/info', undefined, token);
  await call(
    server.url,
    'PUT',
    `/api/staff/members/${me.id}/permissions`,
    { permissions: ['report:read', 'report:resolve', 'audit:read', 'staff:admin'] },
    token,
  );

  const prompt = m.getByRole('alertdialog', { name: 'Your permissions have changed. Reload the page now?' });
  await prompt.waitFor();
  await prompt.getByRole('button', { name: "Later, I'll reload myself" }).waitFor();
  // The list was refreshed with the prompt: the sections the account lost are gone already.
  await sections.getByRole('link', { name: 'Members' }).waitFor({ state: 'detached' });
  await prompt.getByRole('button', { name: 'Reload now' }).click();

  await m.waitForLoadState('load');
  await sections.getByRole('link', { name: 'Audit log' }).waitFor();
  assert.equal(await sections.getByRole('link', { name: 'Catalogue' }).count(), 0);
  assert.equal(await sections.getByRole('link', { name: 'Members' }).count(), 0);
  assert.equal(await prompt.count(), 0, 'the reloaded page asks nothing');
});
