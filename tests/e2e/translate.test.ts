/**
 * Translation end to end (issue 9) through the real server and Apertium APY (English ↔ Spanish): Maria reads in
 * English, Li writes in Spanish. Maria translates a message after the cost preview, shows the original, turns on
 * automatic translation, then sends in Spanish; Li's page shows the Spanish text with the original a tap away.
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
  maria = await registerMember(server.url, 'maria_trans');
  li = await registerMember(server.url, 'li_trans');
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function signedIn(member: Member, lang: string): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  // The interface language (docs/product.md, Constants: localStorage `lang`) is also what this member writes in.
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  return page;
}

async function say(page: Page, text: string) {
  await page.getByRole('textbox').last().fill(text);
  await page.getByRole('textbox').last().press('Enter');
}

test('translate, show the original, translate automatically, send in the partner language', async () => {
  const a = await signedIn(maria, 'en-us');
  const b = await signedIn(li, 'es-es');

  await b.goto(`${server.url}/chat?userId=${maria.id}`);
  await b.getByRole('log').waitFor();
  await say(b, 'Hola amigo');
  await b.getByRole('log').getByText('Hola amigo').waitFor();

  await a.goto(`${server.url}/chat?userId=${li.id}`);
  const log = a.getByRole('log', { name: `Chat with ${li.username}` });
  const first = log.locator('.row-theirs', { hasText: 'Hola amigo' });
  await first.waitFor();
  await first.getByRole('button', { name: 'Translate' }).click();

  // The first paid translation in a conversation asks first, saying what it uses.
  const dialog = a.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? '', /Uses 10 of your 1,500 free characters today\./);
  await dialog.getByRole('button', { name: 'Translate' }).click();

  const translated = log.locator('.row-theirs', { hasText: 'Translated from Spanish' });
  await translated.waitFor();
  const english = (await translated.locator('.msg-bubble-text').textContent()) ?? '';
  assert.notEqual(english, 'Hola amigo');
  assert.match(english, /hello/i);
  assert.equal(await translated.locator('.msg-bubble-text').getAttribute('translate'), 'no');

  await translated.getByRole('button', { name: 'Show original' }).click();
  await translated.locator('.msg-bubble-text', { hasText: 'Hola amigo' }).waitFor();
  await translated.getByRole('button', { name: 'Show translation' }).click();
  await translated.locator('.msg-bubble-text', { hasText: english }).waitFor();

  // Automatic: the next incoming message arrives translated, without a question (the free allowance pays).
  await a.getByRole('switch', { name: 'Translate automatically' }).check();
  await say(b, 'Buenos días');
  const second = log.locator('.row-theirs').filter({ hasText: 'Translated from Spanish' }).nth(1);
  await second.waitFor();
  assert.doesNotMatch((await second.locator('.msg-bubble-text').textContent()) ?? '', /Buenos días/);

  // Send in Spanish: the first Enter translates and shows both texts, the second sends both.
  await a.getByRole('switch', { name: 'Send in Spanish' }).check();
  await say(a, 'Good morning my friend');
  const review = a.locator('.send-in-review');
  await review.waitFor();
  const spanish = ((await review.locator('p').nth(1).textContent()) ?? '').replace(/^In Spanish:\s*/, '');
  assert.ok(spanish.length > 0 && spanish !== 'Good morning my friend', `a Spanish text, got '${spanish}'`);
  await a.getByRole('textbox').last().press('Enter');
  await log.getByText('Good morning my friend').waitFor();
  const sent = log.locator('.row-mine', { hasText: 'Sent in Spanish' });
  await sent.waitFor();
  await sent.getByRole('button', { name: 'Show what was sent' }).click();
  await sent.locator('.msg-bubble-text', { hasText: spanish }).waitFor();

  // Li reads it in Spanish and can show the original.
  const received = b.getByRole('log').locator('.row-theirs').last();
  await received.locator('.msg-bubble-text', { hasText: spanish }).waitFor();
  await received.getByRole('button', { name: 'Ver original' }).click();
  await received.locator('.msg-bubble-text', { hasText: 'Good morning my friend' }).waitFor();
});
