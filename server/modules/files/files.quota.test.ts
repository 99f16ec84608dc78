import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeApp, register, type TestApp } from '../../test-helper.ts';
import { jpeg, postUpload } from './test-images.ts';

const clock = { now: new Date('2026-03-01T10:00:00Z') };
const advance = (seconds: number) => {
  clock.now = new Date(clock.now.getTime() + seconds * 1000);
};
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ UPLOADS_PER_MIN: '5', UPLOAD_BYTES_PER_DAY: '2500' }, { now: () => clock.now });
});
afterAll(async () => {
  await t?.close();
});

let colour = 0;
/** A distinct real JPEG padded to exactly `size` bytes received (the padding is dropped by the re-encode). */
async function image(size = 1000): Promise<Buffer> {
  colour += 1;
  const bytes = await jpeg(8, 8, `#${colour.toString(16).padStart(6, '0')}`);
  return Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
}

async function upload(token: string, bytes: Buffer) {
  const res = await postUpload(t.app, '/media', bytes, { token, filename: 'a.jpg' });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
}

async function uploadsOf(token: string): Promise<number> {
  const info = await t.app.inject({ url: '/h5-api/api/system/user/info', headers: bearer(token) });
  const id = (info.json() as { data: { id: number } }).data.id;
  const rows = await t.app.amity.db.selectFrom('uploads').select('id').where('user_id', '=', id).execute();
  return rows.length;
}

describe('per-member upload rate (UPLOADS_PER_MIN)', () => {
  it('counts every attempt, refused ones too, and answers 429 with Retry-After until the minute is over', async () => {
    const { token } = await register(t.app);
    const other = (await register(t.app)).token;
    expect((await upload(token, Buffer.from('not an image'))).status).toBe(400);
    expect((await upload(token, Buffer.from('nor this'))).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await upload(token, await image(400))).status).toBe(200);
    advance(20);
    const limited = await upload(token, await image(400));
    expect(limited).toMatchObject({
      status: 429,
      body: { code: 429, message: expect.stringMatching(/^Too many uploads/) },
    });
    expect(Number(limited.retryAfter)).toBe(40);
    // Another member is not slowed by this one.
    expect((await upload(other, await image(400))).status).toBe(200);
    advance(41);
    expect((await upload(token, await image(400))).status).toBe(200);
  });
});

describe('per-member daily byte quota (UPLOAD_BYTES_PER_DAY)', () => {
  it('answers 429 with the seconds until enough of the last 24 hours has passed, and stores nothing then', async () => {
    const { token } = await register(t.app);
    expect((await upload(token, await image(1000))).status).toBe(200);
    advance(3600);
    // The same bytes again are stored once, but they were received again: they count.
    const same = await image(1000);
    expect((await upload(token, same)).status).toBe(200);
    expect((await upload(token, same)).status).toBe(429);
    advance(61);
    const refused = await upload(token, await image(1000));
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(/^Daily upload limit/) } });
    // 2,000 of 2,500 bytes used: the first upload has to leave the window (24 h after it) for 1,000 more.
    expect(Number(refused.retryAfter)).toBe(24 * 3600 - 3600 - 61);
    // Something small still fits under the quota.
    expect((await upload(token, await image(500))).status).toBe(200);
    expect(await uploadsOf(token)).toBe(3);
    // Full now: refused before the body is even read.
    advance(61);
    expect((await upload(token, await image(300))).status).toBe(429);
    advance(24 * 3600 - 3600 - 61 - 61);
    expect((await upload(token, await image(1000))).status).toBe(200);
  });

  it('holds against parallel uploads: exactly as many as fit are stored', async () => {
    const { token } = await register(t.app);
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => image(1000)));
    const results = await Promise.all(images.map((bytes) => upload(token, bytes)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(await uploadsOf(token)).toBe(2);
  });

  it('stores what it answered: the URL serves a decodable image', async () => {
    const { token } = await register(t.app);
    const res = await upload(token, await image(600));
    const served = await t.app.inject({ url: res.body.data as string });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });
});
