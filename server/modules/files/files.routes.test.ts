import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeApp, register, type TestApp } from '../../test-helper.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeApp();
  token = (await register(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF jpeg body')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----amity-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(path: string, bytes: Buffer, options: { filename?: string; type?: string; auth?: boolean } = {}) {
  const form = multipart('file', options.filename ?? 'photo.jpg', options.type ?? 'image/jpeg', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/h5-api/api/file/upload${path}`,
    payload: form.payload,
    headers: { ...form.headers, ...(options.auth === false ? {} : bearer(token)) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string | null; data: string } };
}

describe('POST /api/file/upload/{type}', () => {
  it('stores a JPEG by content hash and serves it as image/jpeg, never as a page', async () => {
    const res = await upload('/media', JPEG);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/media\/[0-9a-f]{64}\.jpg$/);
    expect(readFileSync(join(t.dataDir, res.body.data)).equals(JPEG)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    // The same bytes again are the same file.
    expect((await upload('/media', JPEG)).body.data).toBe(res.body.data);
  });

  it('stores a PNG named .jpg as .png (the content decides), and defaults the type to media', async () => {
    const res = await upload('', PNG, { filename: 'lies.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/uploads\/media\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.body.data });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a .jpg that is really text or HTML with 400', async () => {
    const res = await upload('/media', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res).toMatchObject({ status: 400, body: { code: 400, message: 'file must be a JPEG or PNG image' } });
  });

  it('refuses more than 5 MiB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('/media', big);
    expect(res).toMatchObject({ status: 413, body: { code: 413, message: 'File is larger than 5 MB' } });
    expect(existsSync(join(t.dataDir, 'uploads', 'media'))).toBe(true); // earlier tests' files only
  });

  it('accepts exactly 5 MiB', async () => {
    const res = await upload('/media', Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024 - JPEG.length)]));
    expect(res.status).toBe(200);
  });

  it('needs a token (401), a file field (400) and a harmless type (400)', async () => {
    expect((await upload('/media', JPEG, { auth: false })).status).toBe(401);
    const wrongField = multipart('picture', 'a.jpg', 'image/jpeg', JPEG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/h5-api/api/file/upload/media',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...bearer(token) },
    });
    expect(res.json()).toMatchObject({ code: 400, message: 'file is required' });
    expect((await upload('/..%2F..%2Fetc', JPEG)).status).toBe(400);
    expect((await upload('/Media', JPEG)).status).toBe(400);
  });
});
