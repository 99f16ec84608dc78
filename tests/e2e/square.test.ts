/**
 * The square on a phone: a member posts a moment with two photos and their alt texts through the composer's
 * uploader, sees it on the square and on their own homepage with ThumbHash placeholders painted before the photos
 * arrive, and opens the lightbox (arrow keys, Escape, focus back to the photo).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';
import { photoJpeg } from '../support/moments.ts';

let server: AppServer;
let browser: Browser;
let maria: Member;

before(async () => {
  server = await startAppServer();
  maria = await registerMember(server.url, 'maria_square');
  browser = await openBrowser({ viewport: { width: 390, height: 844 } });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXT = 'Sunday by the lake';
const ALTS = ['A wooden pier in morning fog', 'Two ducks on still water'];

/**
 * Holds back every responsive photo file until `release()`, so the test sees what the page paints before the
 * photos arrive; call it before a navigation.
 */
async function holdPhotos(page: Page) {
  // The service worker keeps photos it has seen (sw/routes.ts); without it every photo comes from the network,
  // where the route below holds it (routing also turns the HTTP cache off).
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/uploads\/.+-w\d+\.(webp|jpg)$/, async (route) => {
    await gate;
    await route.continue();
  });
  return { release: () => release() };
}

/** Every photo of the first moment paints its ThumbHash first and has its size set before it loads. */
async function expectPlaceholdersFirst(page: Page, list: string) {
  const photos = page.getByRole('list', { name: list }).getByRole('listitem').first().locator('.moment-photo img');
  await photos.first().waitFor();
  assert.equal(await photos.count(), 2);
  for (const img of await photos.all()) {
    const state = await img.evaluate((el: HTMLImageElement) => ({
      placeholder: el.dataset.placeholder,
      background: el.style.backgroundImage,
      loaded: el.complete && el.naturalWidth > 0,
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      srcset: el.getAttribute('srcset') ?? '',
      sizes: el.getAttribute('sizes') ?? '',
    }));
    assert.equal(state.placeholder, 'thumbhash');
    assert.match(state.background, /^url\("data:image\/png;base64,/);
    assert.equal(state.loaded, false, 'the photo itself is held back, only its placeholder shows');
    assert.ok(Number(state.width) > 0 && Number(state.height) > 0, 'width and height are set');
    assert.match(state.srcset, /-w320\.jpg 320w/);
    assert.match(state.sizes, /100vw/);
  }
}

test('post a moment with two photos and alt texts, see it on the square and the homepage, open the lightbox', async () => {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, maria.username, maria.password);
  await page.waitForURL(/\/chat/);

  await page.getByRole('link', { name: 'Square' }).first().click();
  await page.waitForURL(/\/square$/);
  await page.getByRole('heading', { level: 2, name: 'No moments yet' }).waitFor();

  await page.getByLabel('What would you like to share?').fill(TEXT);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  const files = [await photoJpeg(1600, 1200, 1), await photoJpeg(1200, 1600, 2)];
  await (await chooser).setFiles([
    { name: 'pier.jpg', mimeType: 'image/jpeg', buffer: files[0] as Buffer },
    { name: 'ducks.jpg', mimeType: 'image/jpeg', buffer: files[1] as Buffer },
  ]);
  await page.getByLabel('Description of photo 1 (optional)').fill(ALTS[0] as string);
  await page.getByLabel('Description of photo 2 (optional)').fill(ALTS[1] as string);
  const post = page.getByRole('button', { name: 'Post' });
  await page.waitForFunction(() => !document.querySelector('.uploader-progress'));
  await post.click();

  const square = page.getByRole('list', { name: 'Moments on the square' });
  const card = square.getByRole('article').first();
  await card.getByText(TEXT).waitFor();
  await card.getByRole('button', { name: `Open photo 1 of 2: ${ALTS[0]}` }).waitFor();
  await card.getByRole('button', { name: `Open photo 2 of 2: ${ALTS[1]}` }).waitFor();
  // The composer is empty again for the next moment.
  assert.equal(await page.getByLabel('What would you like to share?').inputValue(), '');

  // A fresh visit: placeholders paint first, the photos follow.
  const held = await holdPhotos(page);
  await page.reload();
  await expectPlaceholdersFirst(page, 'Moments on the square');
  held.release();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.moment-photo img')].every((i) => i.complete && i.naturalWidth),
  );
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The lightbox: opens on the photo, arrow keys move, Escape closes, focus goes back to the photo.
  const first = page.getByRole('button', { name: `Open photo 1 of 2: ${ALTS[0]}` });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('img', { name: ALTS[0] }).waitFor();
  await page.keyboard.press('ArrowRight');
  await dialog.getByRole('img', { name: ALTS[1] }).waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Next photo' }).isDisabled(), true);
  await page.keyboard.press('ArrowLeft');
  await dialog.getByRole('img', { name: ALTS[0] }).waitFor();
  const layer = await page.locator('.lightbox').evaluate((el) => getComputedStyle(el).zIndex);
  assert.equal(layer, '9999');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await first.evaluate((el) => el === document.activeElement), true, 'focus is back on the photo');

  // My homepage shows it too, titled 'My moments', with placeholders first.
  const held2 = await holdPhotos(page);
  await page.goto(`${server.url}/homepage/${maria.id}`);
  await page.getByRole('heading', { level: 1, name: 'My moments' }).waitFor();
  await page.getByRole('list', { name: 'My moments' }).getByText(TEXT).waitFor();
  await expectPlaceholdersFirst(page, 'My moments');
  held2.release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  assert.deepEqual(errors, []);
  await page.close();
});
