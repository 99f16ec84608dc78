/**
 * A member sends a photo over 5 MiB from the chat composer: the browser halves it (docs/product.md, Uploads), the
 * server decodes and stores it without its EXIF, and the peer's conversation shows it from our own /uploads/.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';

let server: AppServer;
let browser: Browser;
let maria: Member;
let li: Member;

before(async () => {
  server = await startAppServer();
  maria = await registerMember(server.url, 'maria_photo');
  li = await registerMember(server.url, 'li_photo');
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a photo over 5 MiB is halved in the browser, stored without EXIF and shown from /uploads/', async () => {
  // Noise does not compress: 2600 × 2000 at quality 100 is well over 5 MiB, and it carries a GPS position.
  const photo = await sharp(randomBytes(2600 * 2000 * 3), { raw: { width: 2600, height: 2000, channels: 3 } })
    .jpeg({ quality: 100 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } })
    .toBuffer();
  assert.ok(photo.length > 5_242_880, `the test photo is ${photo.length} bytes`);

  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, maria.username, maria.password);
  await page.waitForURL(/\/chat/);
  await page.goto(`${server.url}/chat?userId=${li.id}`);
  const log = page.getByRole('log', { name: `Chat with ${li.username}` });
  await log.waitFor();
  // Sent as the signed COS-style form (POST /uploads) when a signature is at hand, else to /api/file/upload/.
  const uploaded = page.waitForResponse(
    (r) => /\/uploads$|\/api\/file\/upload\//.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await page.getByTestId('photo-input').setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: photo });
  const answer = (await (await uploaded).json()) as { code: number; data: string | { key: string; url: string } };
  assert.equal(answer.code, 200);
  const src = typeof answer.data === 'string' ? answer.data : answer.data.url;
  assert.match(src, /^\/uploads\/(u\d+\/[0-9a-f]{32}|[0-9a-f]{64})\.jpg$/);
  await log.locator(`img[src="${src}"]`).waitFor();

  // The photo is stored once under its content hash, beside its responsive sizes (docs/api.md, Files); none keeps EXIF.
  const dir = join(server.dataDir, 'uploads');
  const images = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(jpe?g|png|webp)$/.test(f));
  const originals = images.filter((f) => /^[0-9a-f]{64}\.jpg$/.test(f));
  assert.equal(originals.length, 1, images.join(', '));
  const stored = originals[0] as string;
  const hash = stored.replace(/\.jpg$/, '');
  assert.ok(
    images.every((f) => f.startsWith(hash) || /^u\d+\//.test(f)),
    `only the photo, its sizes and its signed-key copy: ${images.join(', ')}`,
  );
  const meta = await sharp(readFileSync(join(dir, stored))).metadata();
  assert.deepEqual([meta.width, meta.height], [1300, 1000]);
  for (const file of images) {
    assert.equal((await sharp(readFileSync(join(dir, file))).metadata()).exif, undefined, file);
  }
});
