/**
 * Commerce end to end (issue 10) through the real server and its sandbox payment provider: Anna buys gold coins for
 * herself by the sandbox's test card on /recharge, then sends Ben a VIP month from his page, paid with that gold.
 * Ben's chat shows the gift with Anna's blessing, and his page shows the VIP badge.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import type { Browser } from '../support/browser.ts';
import { signedInBrowser } from '../support/flows.ts';

let server: AppServer;
const browsers: Browser[] = [];
let anna: Member;
let ben: Member;

before(async () => {
  server = await startAppServer({ PAYMENT_PROVIDER: 'sandbox' });
  anna = await registerMember(server.url, 'anna_shop');
  ben = await registerMember(server.url, 'ben_shop');
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function signedIn(member: Member): Promise<Page> {
  const { browser, page } = await signedInBrowser(server.url, member);
  browsers.push(browser);
  return page;
}

test('buy gold by sandbox card, then send a VIP month paid with gold; the receiver sees the gift and the badge', async () => {
  const a = await signedIn(anna);
  await a.goto(`${server.url}/recharge`);
  await a.getByRole('heading', { name: 'Recharge' }).waitFor();
  await a.getByRole('radio', { name: /^10 gold coins/ }).check();
  await a.getByText('Total price: $9.99').waitFor();
  await a.getByRole('button', { name: 'Payment', exact: true }).nth(1).click();

  const pay = a.getByRole('dialog', { name: 'Payment' });
  // Gold packages are bought by card only: no gold button.
  await pay.getByRole('button', { name: 'Pay by card' }).click();
  await pay.getByText('Test mode').waitFor();
  await pay.getByLabel('Card number').fill('4111 1111 1111 1111');
  await pay.getByRole('button', { name: 'Pay $9.99' }).click();
  await pay.getByText('Payment successful').waitFor();
  await pay.getByRole('button', { name: 'Done' }).click();
  // The user info is refreshed: the balance on the page shows the new gold.
  await a.locator('.balance', { hasText: 'Gold coins' }).getByText('10', { exact: true }).waitFor();

  await a.goto(`${server.url}/homepage/${ben.id}`);
  await a.getByRole('button', { name: 'Upgrade' }).click();
  const gift = a.getByRole('dialog', { name: new RegExp(`Upgrade for .${ben.username}`) });
  await gift.getByRole('tab', { name: 'VIP' }).waitFor();
  await gift.getByRole('radio', { name: /^1 month/ }).check();
  await gift.getByPlaceholder('Please enter your blessing').fill('Happy birthday, Ben!');
  await gift.getByRole('button', { name: 'Payment', exact: true }).click();
  const payGift = a.getByRole('dialog', { name: 'Payment' });
  await payGift.getByRole('button', { name: /Pay with gold coins/ }).click();
  await payGift.getByText('Payment successful').waitFor();
  await payGift.getByRole('button', { name: 'Done' }).click();
  await gift.waitFor({ state: 'hidden' });

  const b = await signedIn(ben);
  await b.goto(`${server.url}/chat?userId=${anna.id}`);
  const log = b.getByRole('log');
  await log.getByText('VIP membership gift').waitFor();
  await log.getByText('Happy birthday, Ben!').waitFor();
  await b.goto(`${server.url}/vip`);
  const current = b.getByRole('region', { name: 'Your membership' });
  await current.getByText('VIP', { exact: true }).waitFor();
  assert.match((await current.textContent()) ?? '', /remaining/);
});

/** The width a dialog shows once its opening animation (a slight zoom) is over. */
async function settledWidth(dialog: Locator): Promise<number> {
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return Math.round((await dialog.boundingBox())!.width);
}

test('the gift dialogs are 941 px wide (926 for membership) on a desktop, the full width on a phone, on layer 1990', async () => {
  const a = await signedIn(anna);
  await a.goto(`${server.url}/homepage/${ben.id}`);
  const widths: Record<string, number> = {};
  for (const [button, title] of [
    ['Send characters', 'Send characters for'],
    ['Send gold coins', 'Send gold coins for'],
    ['Upgrade', 'Upgrade for'],
  ] as const) {
    await a.getByRole('button', { name: button, exact: true }).click();
    const dialog = a.getByRole('dialog', { name: new RegExp(title) });
    // The package list is in: the dialog has its final layout.
    await dialog.getByRole('button', { name: 'Payment', exact: true }).waitFor();
    widths[button] = await settledWidth(dialog);
    const layer = await a.evaluate(() => getComputedStyle(document.querySelector('.overlay')!).zIndex);
    assert.equal(layer, '1990', `${button}: the dialog's overlay is on layer 1990`);
    await a.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  assert.deepEqual(widths, { 'Send characters': 941, 'Send gold coins': 941, Upgrade: 926 });

  await a.setViewportSize({ width: 390, height: 844 });
  await a.getByRole('button', { name: 'Upgrade', exact: true }).click();
  const sheet = a.getByRole('dialog', { name: /Upgrade for/ });
  await sheet.getByRole('button', { name: 'Payment', exact: true }).waitFor();
  assert.equal(await settledWidth(sheet), 390, 'the full width on a phone');
});
