/**
 * The share target (issue 15): the phone's share sheet POSTs photos as multipart to /share (manifest share_target).
 * The service worker answers that POST, the member picks a conversation or 'New moment', and the photos are in that
 * composer, ready to send.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import type { Browser } from '../support/browser.ts';
import { signedInBrowser } from '../support/flows.ts';
import { openSocket } from '../support/socket.ts';

let server: AppServer;
let browser: Browser;
let page: Page;
let ana: Member;
let ben: Member;
let photo: Buffer;

before(async () => {
  server = await startAppServer();
  [ana, ben] = await Promise.all([registerMember(server.url, 'ana_share'), registerMember(server.url, 'ben_share')]);
  // Ana wrote to Ben, so Ben has a conversation to share into.
  const socket = await openSocket(server.url, ana.token);
  socket.send(ben.id, 'Send me your holiday photos');
  await socket.waitFor((frames) => frames.some((f) => f.action === 'chart' && f.code === 200), 'the ack');
  socket.close();
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#597CFF' } })
    .png()
    .toBuffer();
  ({ browser, page } = await signedInBrowser(server.url, ben));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the share sheet does: a multipart POST navigation to /share with the photos in the `photos` field. */
async function shareFromTheSheet(name: string) {
  await page.evaluate(
    ({ bytes, name }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'photos';
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { bytes: [...photo], name },
  );
  await page.waitForURL(/\/share\?id=[\w-]+$/);
  await page.getByRole('heading', { level: 1, name: 'Share photos' }).waitFor();
  await page.getByRole('list', { name: 'Photos to share' }).getByRole('img', { name }).waitFor();
}

test('a photo shared to a conversation is in its composer, and sends as a photo message', async () => {
  await shareFromTheSheet('harbour.png');
  await page.getByRole('button', { name: 'ana_share' }).click();
  await page.waitForURL(new RegExp(`/chat\\?userId=${ana.id}$`));
  const tray = page.getByRole('region', { name: '1 shared photo, ready to send' });
  await tray.getByRole('img', { name: 'harbour.png' }).waitFor();

  await tray.getByRole('button', { name: 'Send the photo' }).click();
  const log = page.getByRole('log', { name: `Chat with ${ana.username}` });
  await log.locator('img[src^="/uploads/"]').waitFor();
  assert.equal(await tray.count(), 0, 'the tray is gone once sent');
  // Taken once: coming back to the conversation shows no shared photos again.
  await page.reload();
  await log.waitFor();
  assert.equal(await page.getByRole('region', { name: /shared photo/ }).count(), 0);
});

test('a photo shared to a new moment is in the square’s composer, uploaded, and posts', async () => {
  await shareFromTheSheet('lighthouse.png');
  await page.getByRole('button', { name: /New moment/ }).click();
  await page.waitForURL(/\/square$/);
  await page.locator('.uploader-item img').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.uploader-progress'));
  await page.getByLabel('What would you like to share?').fill('From my gallery');
  await page.getByRole('button', { name: 'Post' }).click();
  const card = page.getByRole('list', { name: 'Moments on the square' }).getByRole('article').first();
  await card.getByText('From my gallery').waitFor();
  await card.locator('.moment-photo img').first().waitFor();
});

test('a share with nothing usable, or one already taken, says there is nothing to share', async () => {
  await page.goto(`${server.url}/share?id=gone`);
  await page.getByRole('heading', { level: 2, name: 'Nothing to share' }).waitFor();
  await page.getByRole('link', { name: 'Go to my chats' }).click();
  await page.waitForURL(/\/chat$/);
});
