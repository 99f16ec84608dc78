/**
 * Offline-first (issue 4): the service worker controls the page; offline, a reload still renders the shell and
 * the cached conversation; 20 messages written offline, with a reload in the middle, are each shown Queued, then
 * reach the peer exactly once and in order when the network returns, and each ends Sent.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { call, type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';
import { openSocket, type TestSocket } from '../support/socket.ts';

let server: AppServer;
let browser: Browser;
let maria: Member;
let li: Member;
let liSocket: TestSocket;

before(async () => {
  server = await startAppServer();
  maria = await registerMember(server.url, 'maria_offline');
  li = await registerMember(server.url, 'li_offline');
  liSocket = await openSocket(server.url, li.token);
  // A tall window: every row of the conversation stays in the (virtualized) list, so each state can be watched.
  browser = await openBrowser({ viewport: { width: 1000, height: 2600 } });
});

after(async () => {
  liSocket?.close();
  await browser?.close();
  await server?.stop();
});

/** Remembers every delivery state each of my rows shows, across re-renders; survives reloads via sessionStorage. */
async function watchStates(page: Page) {
  await page.addInitScript(() => {
    const key = 'e2e-states';
    const seen: Record<string, string[]> = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    const note = (el: Element) => {
      const id = el.getAttribute('data-client-id');
      const state = el.getAttribute('data-state');
      if (!id || !state) return;
      seen[id] ??= [];
      const list = seen[id];
      if (list[list.length - 1] !== state) list.push(state);
      sessionStorage.setItem(key, JSON.stringify(seen));
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') note(r.target as Element);
        for (const n of r.addedNodes) {
          if (n instanceof Element) {
            note(n);
            for (const el of n.querySelectorAll('[data-client-id]')) note(el);
          }
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

const statesOf = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-states') ?? '{}') as Record<string, string[]>);

async function compose(page: Page, text: string) {
  const box = page.getByLabel('Message');
  await box.fill(text);
  await box.press('Enter');
  await page.locator('[data-state="queued"]', { hasText: text }).waitFor();
}

test('offline: cached chat after reload, 20 queued messages delivered exactly once, in order', async () => {
  liSocket.send(maria.id, 'Hi Maria, ping me when you are back');
  const page = await browser.context.newPage();
  await watchStates(page);
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, maria.username, maria.password);
  await page.waitForURL(/\/chat/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  await page.goto(`${server.url}/chat?userId=${li.id}`);
  const log = page.getByRole('log', { name: `Chat with ${li.username}` });
  await log.getByText('Hi Maria, ping me when you are back').waitFor();

  await browser.context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
  await page
    .getByText(/^Offline/)
    .first()
    .waitFor();
  await log.getByText('Hi Maria, ping me when you are back').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByText('Network error').count(), 0, 'offline is said once, not as a toast per request');

  const texts = Array.from({ length: 20 }, (_, i) => `offline note ${String(i + 1).padStart(2, '0')}`);
  for (const text of texts.slice(0, 10)) await compose(page, text);
  await page.reload();
  await log.getByText('offline note 10').waitFor();
  assert.equal(await page.locator('[data-state="queued"]').count(), 10, 'the first ten survive the reload, queued');
  for (const text of texts.slice(10)) await compose(page, text);
  await page.getByText('20 messages waiting in 1 chat').waitFor();

  await browser.context.setOffline(false);
  await liSocket.waitFor(
    (frames) =>
      frames.filter((f) => f.action === 'chart' && (f.data as { senderId: number }).senderId === maria.id).length >= 20,
    '20 messages at the peer',
  );
  await page.waitForFunction(
    () => document.querySelectorAll('[data-state="queued"], [data-state="sending"]').length === 0,
  );
  await new Promise((r) => setTimeout(r, 1_000)); // anything sent twice would arrive now

  const received = liSocket.frames
    .filter((f) => f.action === 'chart' && (f.data as { senderId: number }).senderId === maria.id)
    .map((f) => (f.data as { msg: string }).msg);
  assert.deepEqual(received, texts, 'the peer received each message once, in the order written');

  const history = await call<{ msg: string; senderId: number }[]>(
    server.url,
    'GET',
    `/api/chat/history/${maria.id}?size=100`,
    undefined,
    li.token,
  );
  assert.deepEqual(
    history.filter((m) => m.senderId === maria.id).map((m) => m.msg),
    texts,
    'stored once each, in order',
  );

  const states = await statesOf(page);
  const mine = Object.entries(states).filter(([, seen]) => seen.includes('queued'));
  assert.equal(mine.length, 20, 'each of the 20 messages was shown as queued');
  for (const [clientId, seen] of mine) {
    const last = seen[seen.length - 1];
    assert.ok(last === 'sent' || last === 'read', `${clientId} went ${seen.join(' → ')} and ended sent`);
  }
});
