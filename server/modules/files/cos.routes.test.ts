import { createHash, createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Moment } from '#protocol/moment.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { data, type Member, member, post, ROOT } from '../social/social.test-kit.ts';
import { type CosSign, cosSignature } from './cos.rules.ts';
import { jpeg, jpegWithGps } from './test-images.ts';

let t: TestApp;
let now = new Date('2026-05-01T10:00:00Z');
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await makeApp({ COS_SECRET_KEY: 'k'.repeat(40) }, { now: () => now });
  alice = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => {
  await t?.close();
});

const sign = async (who: Member | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `${ROOT}/api/file/cos/sign${query}`, headers: who ? bearer(who.token) : {} });

/** The browser's COS form: every field first, the file last. */
function form(fields: Record<string, string>, file?: Buffer) {
  const boundary = '----amity-cos-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(parts.join(''));
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const payload = file
    ? Buffer.concat([head, Buffer.from(fileHead), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
    : Buffer.concat([head, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function fieldsOf(s: CosSign, key = `${s.path}${s.filename}.jpg`): Record<string, string> {
  return {
    policy: s.policy,
    'q-sign-algorithm': s['q-sign-algorithm'],
    'q-ak': s['q-ak'],
    'q-key-time': s['q-key-time'],
    'q-signature': s['q-signature'],
    key,
  };
}

async function postForm(fields: Record<string, string>, file?: Buffer) {
  const f = form(fields, file);
  const res = await t.app.inject({ method: 'POST', url: '/uploads', payload: f.payload, headers: f.headers });
  return { status: res.statusCode, body: res.json() as { code: number; message: string | null; data: unknown } };
}

const files = () => readdirSync(join(t.dataDir, 'uploads'), { recursive: true }).map(String).sort();

describe('COS-style signed form upload', () => {
  it('signs for one hour as Tencent COS defines q-signature (HMAC-SHA1 of SHA1(policy) with HMAC-SHA1(key, time))', async () => {
    expect((await sign(undefined)).status).toBe(401);
    const s = data<CosSign>(await sign(alice, '?type=moment'));
    const start = now.getTime() / 1000;
    expect(s).toMatchObject({
      path: `u${alice.id}/`,
      url: '/uploads',
      'q-sign-algorithm': 'sha1',
      'q-ak': 'amity',
      'q-key-time': `${start};${start + 3600}`,
    });
    // Recomputed here from the definition, not from the server's helper.
    const policy = Buffer.from(s.policy, 'base64').toString('utf8');
    const signKey = createHmac('sha1', 'k'.repeat(40)).update(s['q-key-time']).digest('hex');
    const toSign = createHash('sha1').update(policy).digest('hex');
    expect(s['q-signature']).toBe(createHmac('sha1', signKey).update(toSign).digest('hex'));
    expect(JSON.parse(policy).conditions).toContainEqual(['starts-with', '$key', `u${alice.id}/`]);
    expect((await sign(alice, '?type=video')).status).toBe(400);
    expect((await sign(alice, '?type=docs')).body.message).toBe('type must be one of media, avatar, image, moment');
  });

  it('stores the image at url/key, re-encoded without EXIF, usable in a moment with its sizes', async () => {
    const s = data<CosSign>(await sign(alice, '?type=moment'));
    const res = await postForm(fieldsOf(s), await jpegWithGps());
    expect(res.status).toBe(200);
    const url = `${s.url}/${s.path}${s.filename}.jpg`;
    expect(res.body.data).toEqual({ key: `${s.path}${s.filename}.jpg`, url });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(readFileSync(join(t.dataDir, url))).metadata();
    expect({ exif: meta.exif, width: meta.width, height: meta.height }).toEqual({
      exif: undefined,
      width: 20,
      height: 40,
    });
    const moment = data<Moment>(await post(t.app, alice, '/api/moment/add', { images: [url], alts: ['sideways'] }));
    expect(moment.photos[0]).toMatchObject({ url, alt: 'sideways', width: 20, height: 40 });
    expect(moment.photos[0]!.sources.length).toBe(1);
    expect(moment.photos[0]!.thumbhash).not.toBe('');
    // The same image under the same key again is fine; another image under it is 409 and changes nothing.
    expect((await postForm(fieldsOf(s), await jpegWithGps())).status).toBe(200);
    const other = await postForm(fieldsOf(s), await jpeg(50, 50, '#135'));
    expect(other).toMatchObject({
      status: 409,
      body: { message: 'key already holds another image; name the file by its own md5' },
    });
    expect(await sharp(readFileSync(join(t.dataDir, url))).metadata()).toMatchObject({ width: 20, height: 40 });
  });

  it('refuses a forged, altered, expired or foreign signature with 403 and stores nothing', async () => {
    const s = data<CosSign>(await sign(alice));
    const image = await jpeg(30, 30, '#468');
    const before = files();
    const forged = { ...fieldsOf(s), 'q-signature': cosSignature('guessed', s['q-key-time'], 'x') };
    const widerPolicy = Buffer.from(
      Buffer.from(s.policy, 'base64').toString('utf8').replace(`u${alice.id}/`, 'u'),
    ).toString('base64');
    const cases: [string, Record<string, string>, number, string][] = [
      ['forged', forged, 403, 'The upload signature does not match'],
      ['policy changed', { ...fieldsOf(s), policy: widerPolicy }, 403, 'The upload signature does not match'],
      ['time changed', { ...fieldsOf(s), 'q-key-time': '1;9999999999' }, 403, 'The upload signature does not match'],
      ['another q-ak', { ...fieldsOf(s), 'q-ak': 'other' }, 403, 'The upload signature does not match'],
      ['bob’s folder', fieldsOf(s, `u${bob.id}/x.jpg`), 403, 'key is outside the signed path'],
      [
        'a path',
        fieldsOf(s, `u${alice.id}/../x.jpg`),
        400,
        'key must be the signature path, then a file name ending in .jpg or .png',
      ],
      [
        'html',
        fieldsOf(s, `u${alice.id}/x.html`),
        400,
        'key must be the signature path, then a file name ending in .jpg or .png',
      ],
      ['no policy', { ...fieldsOf(s), policy: '' }, 400, 'policy is required'],
      ['md5', { ...fieldsOf(s), 'q-sign-algorithm': 'md5' }, 400, 'q-sign-algorithm must be sha1'],
    ];
    for (const [why, fields, status, message] of cases) {
      const res = await postForm(fields, image);
      expect({ why, status: res.status, message: res.body.message }).toEqual({ why, status, message });
    }
    now = new Date(now.getTime() + 3601_000);
    try {
      const late = await postForm(fieldsOf(s), image);
      expect(late).toMatchObject({
        status: 403,
        body: { message: 'The upload signature has expired or is not valid yet' },
      });
    } finally {
      now = new Date(now.getTime() - 3601_000);
    }
    expect(files()).toEqual(before);
  });

  it('applies the direct upload’s checks: a fake image, a wrong extension and a bomb are 400, nothing stored', async () => {
    const s = data<CosSign>(await sign(alice));
    const before = files();
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const real = await jpeg(40, 40);
    for (const [bytes, key] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), `${s.path}a.jpg`],
      [real.subarray(0, real.length / 2), `${s.path}b.jpg`],
      [bomb, `${s.path}c.png`],
      [real, `${s.path}d.png`],
    ] as const) {
      expect({ key, status: (await postForm(fieldsOf(s, key), bytes)).status }).toEqual({ key, status: 400 });
    }
    expect((await postForm(fieldsOf(s))).status).toBe(400);
    expect(files()).toEqual(before);
    expect(existsSync(join(t.dataDir, 'uploads', `${s.path}d.png`))).toBe(false);
  });
});
