/**
 * Issue 11 on a phone (390 × 844): a member edits the profile with a cropped avatar, changes the password (this
 * phone stays signed in, another session is signed out), and sends a chat photo over 5 MiB that arrives halved,
 * read back through its URL without EXIF.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { call, type Member, md5, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';

const PHONE = { width: 390, height: 844 };
let server: AppServer;
let browser: Browser;
let ana: Member;
let ben: Member;
let cara: Member;

before(async () => {
  server = await startAppServer();
  ana = await registerMember(server.url, 'ana_profile');
  ben = await registerMember(server.url, 'ben_profile');
  cara = await registerMember(server.url, 'cara_profile');
  browser = await openBrowser({ viewport: PHONE });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(member: Member) {
  const page = await browser.context.newPage();
  // One browser profile for both members: start each signed out.
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  return page;
}

test('edits the profile with a cropped avatar, stored as a 200 px PNG', async () => {
  const page = await signedIn(ana);
  await page.goto(`${server.url}/profile`);
  await page.getByLabel('Username').fill('ana_renamed');
  await page.getByLabel(/Height/).fill('171');
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Portu');
  await page.getByRole('option', { name: 'Portugal' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Save successfully').first().waitFor();

  // A 1200 × 800 photo, cropped in the fixed box after zooming in and moving with the keyboard.
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
  const box = dialog.getByRole('img', { name: /Photo to crop/ });
  await box.waitFor();
  await box.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/system/user/update') && r.status() === 200);
  await dialog.getByRole('button', { name: 'Use photo' }).click();
  await saved;
  await dialog.waitFor({ state: 'hidden' });

  const me = await call<{ username: string; height: number; country: string; avatar: string }>(
    server.url,
    'GET',
    '/api/system/user/info',
    undefined,
    ana.token,
  );
  assert.equal(me.username, 'ana_renamed');
  assert.equal(me.height, 171);
  assert.equal(me.country, 'Portugal');
  assert.match(me.avatar, /^\/uploads\/.+\.png$/);
  const avatar = await sharp(Buffer.from(await (await fetch(server.url + me.avatar)).arrayBuffer())).metadata();
  assert.deepEqual([avatar.format, avatar.width, avatar.height], ['png', 200, 200]);
  await page.locator(`img[src="${me.avatar}"]`).first().waitFor();
  await page.close();
});

test('changes the password: this phone stays signed in, the other session is signed out', async () => {
  const other = await call<string>(server.url, 'POST', '/api/system/user/login', {
    keyword: ben.username,
    password: md5(ben.password),
  });
  const page = await signedIn(ben);
  await page.goto(`${server.url}/change/password`);
  await page.getByLabel('Current password').fill('wrong-one');
  await page.getByLabel('New password').fill('newpass42');
  await page.getByLabel('Confirm password').fill('newpass4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Two passwords are inconsistent').waitFor();
  await page.getByLabel('Confirm password').fill('newpass42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('The current password is wrong').waitFor();
  await page.getByLabel('Current password').fill(ben.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed. Your other devices have been signed out.').first().waitFor();

  const status = async (token: string) =>
    (await fetch(`${server.url}/h5-api/api/system/user/info`, { headers: { authorization: `Bearer ${token}` } }))
      .status;
  assert.equal(await status(other), 401);
  // Still signed in here: another page loads, no redirect to /login.
  await page.goto(`${server.url}/profile`);
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
  assert.doesNotMatch(page.url(), /\/login/);
  const fresh = await call<string>(server.url, 'POST', '/api/system/user/login', {
    keyword: ben.username,
    password: md5('newpass42'),
  });
  assert.equal(await status(fresh), 200);
  await page.close();
});

test('a chat photo over 5 MiB arrives halved, and its URL serves it without EXIF', async () => {
  const photo = await sharp(randomBytes(2600 * 2000 * 3), { raw: { width: 2600, height: 2000, channels: 3 } })
    .jpeg({ quality: 100 })
    .withExif({ IFD0: { Copyright: 'cara' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } })
    .toBuffer();
  assert.ok(photo.length > 5_242_880, `the test photo is ${photo.length} bytes`);
  const page = await signedIn(cara);
  await page.goto(`${server.url}/chat?userId=${ana.id}`);
  // The signed form (POST /uploads) answers { key, url }; the direct upload (its fallback) the URL itself.
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/uploads$|\/api\/file\/upload\//.test(r.url()),
  );
  await page.getByTestId('photo-input').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: photo });
  const answer = (await (await uploaded).json()) as { code: number; data: string | { url: string } };
  assert.equal(answer.code, 200);
  const url = typeof answer.data === 'string' ? answer.data : answer.data.url;
  await page.locator(`img[src="${url}"]`).first().waitFor();
  const stored = await sharp(Buffer.from(await (await fetch(server.url + url)).arrayBuffer())).metadata();
  assert.deepEqual([stored.width, stored.height], [1300, 1000]);
  assert.equal(stored.exif, undefined);
  await page.close();
});
