import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp, testConfig } from '../test-helper.ts';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from './static-client.ts';

describe('cacheControlFor', () => {
  it('caches hashed assets forever and revalidates the shell', () => {
    expect(cacheControlFor('assets/index-3f9a1c.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/fonts/a.woff2')).toBe(IMMUTABLE);
    for (const file of ['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js', 'favicon.svg']) {
      expect(cacheControlFor(file)).toBe(NO_CACHE);
    }
  });
});

describe('with a built client', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = join(testConfig().dataDir, 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>fake shell</title>');
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(clientDir, 'sw.js'), 'self.x = 1');
    writeFileSync(join(clientDir, 'manifest.webmanifest'), '{}');
    t = await makeApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/index.html'])('never caches %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it.each(['/', '/chat', '/homepage/12', '/login?redirect=%2Fvip', '/redirect/chat'])(
    'answers %s with index.html',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      expect(res.body).toContain('fake shell');
    },
  );

  it('keeps API misses as JSON 404, and missing assets as 404', async () => {
    const api = await t.app.inject({ url: '/h5-api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toEqual({ code: 404, message: 'No such endpoint: GET /h5-api/nope', data: null });
    const asset = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('fake shell');
    const post = await t.app.inject({ method: 'POST', url: '/chat' });
    expect(post.statusCode).toBe(404);
  });

  it('sends a share sheet POST that reached the server (no worker yet) on to the picker', async () => {
    const boundary = 'share-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: '/share',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/share');
  });

  it('puts security headers on pages and API answers', async () => {
    for (const url of ['/', '/h5-api/health', '/h5-api/nope']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).not.toMatch(/\*|unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('health is 200 ok while the database answers, 503 once it is gone', async () => {
    const res = await t.app.inject({ url: '/h5-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: null, data: { status: 'ok' } });
  });
});

describe('without a built client', () => {
  it('answers pages with a 503 saying how to build, and the API still works', async () => {
    const t = await makeApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PAYLOAD_KEY: 'p'.repeat(32),
      // Production refuses made-up push keys: a fixed pair, as `npx web-push generate-vapid-keys` prints one.
      VAPID_PUBLIC_KEY: 'BKOxNDAdY79yBEUaYDJtDF7Ocr6Xj2ytCFlOyX7Dg_dAE0qk1CCt_gBQycKYdybqjbQskeNDr7xLktfTLde73to',
      VAPID_PRIVATE_KEY: 'm7wBibr_Zzm-u8v7PLVTvFHBRG79VaZKq-QLpPVn9_I',
      VAPID_SUBJECT: 'mailto:ops@amity.example',
    });
    try {
      const page = await t.app.inject({ url: '/chat' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('the client is not built: run npm run build');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=/);
      expect((await t.app.inject({ url: '/h5-api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('health without a database', () => {
  it('is 503 when the database cannot be reached', async () => {
    const t = await makeApp();
    await t.database.close();
    const res = await t.app.inject({ url: '/h5-api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 503, data: { status: 'down' } });
    await t.app.close();
  });
});

describe('uploads', () => {
  it('serves SVG avatars as image/svg+xml inside a sandbox CSP', async () => {
    const t = await makeApp();
    try {
      mkdirSync(join(t.dataDir, 'uploads', 'avatars'), { recursive: true });
      writeFileSync(join(t.dataDir, 'uploads', 'avatars', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const res = await t.app.inject({ url: '/uploads/avatars/a.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
      expect((await t.app.inject({ url: '/uploads/avatars/none.svg' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('serves stored images for a year by their sniffed type, and anything else never as a page', async () => {
    const t = await makeApp();
    try {
      const dir = join(t.dataDir, 'uploads');
      const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
      writeFileSync(join(dir, `${'a'.repeat(64)}.jpg`), jpegBytes);
      writeFileSync(join(dir, `${'b'.repeat(64)}.png`), '<html><script>alert(1)</script></html>');
      writeFileSync(join(dir, `${'c'.repeat(64)}.html`), '<html><script>alert(1)</script></html>');
      const image = await t.app.inject({ url: `/uploads/${'a'.repeat(64)}.jpg` });
      expect(image.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      for (const name of [`${'b'.repeat(64)}.png`, `${'c'.repeat(64)}.html`]) {
        const res = await t.app.inject({ url: `/uploads/${name}` });
        expect({ name, type: res.headers['content-type'], disposition: res.headers['content-disposition'] }).toEqual({
          name,
          type: 'application/octet-stream',
          disposition: 'attachment',
        });
      }
    } finally {
      await t.close();
    }
  });
});
