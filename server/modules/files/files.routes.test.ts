import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, register, type TestApp } from '../../test-helper.ts';
import { jpeg, jpegWithGps, png, postUpload } from './test-images.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeApp();
  token = (await register(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

async function upload(path: string, bytes: Buffer, options: { filename?: string; type?: string; as?: string } = {}) {
  const as = options.as === undefined ? token : options.as;
  const res = await postUpload(t.app, path, bytes, { token: as, filename: options.filename, type: options.type });
  return { status: res.statusCode, body: res.json() as { code: number; message: string | null; data: string } };
}

const stored = (url: string) => readFileSync(join(t.dataDir, url));
const HASH_URL = /^\/uploads\/[0-9a-f]{64}\.(jpg|png)$/;

describe('POST /api/file/upload/{type}', () => {
  it('stores a decoded JPEG by content hash and serves it as image/jpeg, never as a page', async () => {
    const res = await upload('/media', await jpeg());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(HASH_URL);
    expect(res.body.data.endsWith('.jpg')).toBe(true);
    expect(await sharp(stored(res.body.data)).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 12 });
    const served = await t.app.inject({ method: 'GET', url: res.body.data });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('stores identical content once: the same bytes from two members and two types are one blob', async () => {
    const bytes = await png(20, 20, '#123456');
    const other = (await register(t.app)).token;
    const first = await upload('/media', bytes);
    const again = await upload('/moment', bytes, { as: other });
    expect(first.status).toBe(200);
    expect(again.body.data).toBe(first.body.data);
    const key = first.body.data.slice('/uploads/'.length);
    const db = t.app.amity.db;
    expect(await db.selectFrom('blobs').selectAll().where('key', '=', key).execute()).toHaveLength(1);
    const uploads = await db.selectFrom('uploads').select(['user_id', 'type']).where('blob_key', '=', key).execute();
    expect(uploads.map((u) => u.type).sort()).toEqual(['media', 'moment']);
    expect(new Set(uploads.map((u) => u.user_id)).size).toBe(2);
  });

  it('stores a PNG named .jpg as .png (the content decides), and defaults the type to media', async () => {
    const res = await upload('', await png(), { filename: 'lies.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.body.data });
    expect(served.headers['content-type']).toBe('image/png');
    const row = await t.app.amity.db
      .selectFrom('uploads')
      .select('type')
      .where('blob_key', '=', res.body.data.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('media');
  });

  it('drops EXIF (GPS position, camera serial) and keeps the photo upright', async () => {
    const input = await jpegWithGps();
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(input.includes(Buffer.from('Secret Serial'))).toBe(true);
    const res = await upload('/media', input);
    expect(res.status).toBe(200);
    const out = stored(res.body.data);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the 40×20 sensor image is stored 20×40.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(out.includes(Buffer.from('Secret Serial'))).toBe(false);
    expect(out.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('refuses an image signature followed by garbage, or a cut-off image, with a clear 400', async () => {
    const real = await png();
    const cases = [
      Buffer.concat([real.subarray(0, 8), Buffer.from('random bytes that are not a PNG at all')]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF jpeg body')]),
      real.subarray(0, real.length - 20),
      (await jpeg(64, 64)).subarray(0, 200),
    ];
    for (const bytes of cases) {
      const res = await upload('/media', bytes);
      expect(res).toMatchObject({
        status: 400,
        body: { code: 400, message: 'file is not a complete JPEG or PNG image' },
      });
    }
  });

  it('keeps no bytes after the image (a polyglot loses its payload)', async () => {
    const script = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await upload('/media', Buffer.concat([await jpeg(8, 8, '#fff'), script]));
    expect(res.status).toBe(200);
    expect(stored(res.body.data).includes(script)).toBe(false);
  });

  it('refuses an image over 40 megapixels before decoding it (a decompression bomb)', async () => {
    // 8000 × 6000 of one colour is 48 megapixels in about a hundred kilobytes.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_048_576);
    const res = await upload('/media', bomb);
    expect(res).toMatchObject({ status: 400, body: { message: 'image must be at most 40 megapixels' } });
  });

  it('stores avatars at most 1024 pixels on the longest side', async () => {
    const res = await upload('/avatar', await jpeg(2000, 1000));
    expect(res.status).toBe(200);
    expect(await sharp(stored(res.body.data)).metadata()).toMatchObject({ width: 1024, height: 512 });
  });

  it('refuses a .jpg that is really text or HTML with 400', async () => {
    const res = await upload('/media', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res).toMatchObject({ status: 400, body: { code: 400, message: 'file must be a JPEG or PNG image' } });
  });

  it('refuses more than 5 MiB with 413, and accepts exactly 5 MiB (the padding is not stored)', async () => {
    const small = await jpeg(8, 8, '#0f0');
    const big = await upload('/media', Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 + 1 - small.length)]));
    expect(big).toMatchObject({ status: 413, body: { code: 413, message: 'File is larger than 5 MB' } });
    const exact = await upload('/media', Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 - small.length)]));
    expect(exact.status).toBe(200);
    expect(stored(exact.body.data).length).toBeLessThan(10_000);
  });

  it('accepts only the known types; an unknown one is 400 and makes no folder', async () => {
    const bytes = await jpeg();
    for (const type of ['media', 'avatar', 'image', 'moment'])
      expect((await upload(`/${type}`, bytes)).status).toBe(200);
    for (const type of ['docs', 'Media', 'MEDIA', 'avatars', '..%2F..%2Fetc', 'media%00', 'media%20', 'x'.repeat(40)]) {
      const res = await upload(`/${type}`, bytes);
      expect({ type, status: res.status }).toEqual({ type, status: 400 });
      expect(res.body.message).toMatch(/type must be one of media, avatar, image, moment/);
    }
    // /video is the video route (Files: video and voice): this member has no membership, so no free videos.
    expect((await upload('/video', bytes)).body).toMatchObject({
      code: 402,
      message: /^Videos come with a membership/,
    });
    // Blobs and their responsive sizes live flat in uploads/; no type ever became a folder.
    const variant = /^[0-9a-f]{64}-w\d+\.(webp|jpg)$/;
    const names = readdirSync(join(t.dataDir, 'uploads'));
    expect(names.filter((f) => !HASH_URL.test(`/uploads/${f}`) && !variant.test(f))).toEqual([]);
    expect(existsSync(join(t.dataDir, 'uploads', 'docs'))).toBe(false);
  });

  it('needs a token (401) and a file field (400)', async () => {
    expect((await upload('/media', await jpeg(), { as: '' })).status).toBe(401);
    const res = await postUpload(t.app, '/media', await jpeg(), { token, field: 'picture', filename: 'a.jpg' });
    expect(res.json()).toMatchObject({ code: 400, message: 'file is required' });
  });
});
