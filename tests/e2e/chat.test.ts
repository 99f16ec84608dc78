/**
 * Two members in two browsers chat live: the message arrives, the receiver's header badge counts it, opening the
 * conversation reads it and the sender's tick turns to Read; while the receiver's tab is hidden a new message
 * raises a browser notification.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';

let server: AppServer;
const browsers: Browser[] = [];
let maria: Member;
let li: Member;

before(async () => {
  server = await startAppServer();
  maria = await registerMember(server.url, 'maria_chat');
  li = await registerMember(server.url, 'li_chat');
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function signedIn(member: Member): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  await browser.context.grantPermissions(['notifications'], { origin: server.url });
  const page = await browser.context.newPage();
  // Records every notification the app raises, by either path, then lets the real one through.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const seen: { title: string; body?: string }[] = [];
    (window as unknown as { __notifications: typeof seen }).__notifications = seen;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.push({ title, body: options?.body });
      }
    }
    window.Notification = Recording;
    // With a service worker registered the app shows notifications through it (Android requires that path).
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      seen.push({ title, body: options?.body });
      return show.call(this, title, options);
    };
  });
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  return page;
}

async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('two members chat live with unread badge, read ticks and a notification while hidden', async () => {
  const a = await signedIn(maria);
  const b = await signedIn(li);

  await a.goto(`${server.url}/chat?userId=${li.id}`);
  await a.getByRole('log', { name: `Chat with ${li.username}` }).waitFor();
  await a.getByLabel('Message').fill('Hola Li, ¿qué tal?');
  await a.getByLabel('Message').press('Enter');
  const log = a.getByRole('log', { name: `Chat with ${li.username}` });
  await log.getByText('Hola Li, ¿qué tal?').waitFor();
  await log.getByText('Sent', { exact: true }).last().waitFor({ state: 'attached' });

  // The receiver sees it without reloading: badge in the header and the conversation in the list.
  await b
    .getByRole('link', { name: /1 unread.*Chat/ })
    .first()
    .waitFor();
  await b.getByRole('button', { name: new RegExp(maria.username) }).click();
  await b
    .getByRole('log', { name: `Chat with ${maria.username}` })
    .getByText('Hola Li, ¿qué tal?')
    .waitFor();
  await b
    .getByRole('link', { name: /unread.*Chat/ })
    .first()
    .waitFor({ state: 'detached' });

  // Reading turns the sender's tick to Read.
  await log.getByText('Read', { exact: true }).last().waitFor({ state: 'attached' });

  // A reply travels the other way.
  await b.getByLabel('Message').fill('Muy bien, gracias');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  await log.getByText('Muy bien, gracias').waitFor();

  // While Li's tab is hidden, a new message raises a notification titled with the sender.
  await hide(b);
  await a.getByLabel('Message').fill('¿Estás ahí?');
  await a.getByLabel('Message').press('Enter');
  await b.waitForFunction(
    () => (window as unknown as { __notifications: { title: string }[] }).__notifications.length > 0,
  );
  const notifications = await b.evaluate(
    () => (window as unknown as { __notifications: { title: string; body?: string }[] }).__notifications,
  );
  assert.equal(notifications[0]?.title, maria.username);
  assert.equal(notifications[0]?.body, '¿Estás ahí?');
});
