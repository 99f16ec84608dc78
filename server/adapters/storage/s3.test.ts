import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { jpeg, postUpload } from '../../modules/files/test-images.ts';
import { makeApp, register, type TestApp } from '../../test-helper.ts';
import { S3Error, type S3Settings, S3Storage } from './s3.ts';
import { type StandIn, startStandIn } from './s3-stand-in.test-kit.ts';

const HASH = 'a'.repeat(64);
let s3: StandIn;
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startStandIn();
  settings = {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    pathStyle: true,
    prefix: '',
  };
});
afterAll(() => s3.close());

describe('S3Storage against a stand-in S3 that checks Signature V4', () => {
  it('puts, heads, gets and deletes an object, each request signed', async () => {
    const storage = new S3Storage(settings);
    const bytes = Buffer.from('not really a jpeg, but bytes');
    s3.log.length = 0;
    await storage.put(`${HASH}.jpg`, bytes);
    expect(s3.objects.get(`${HASH}.jpg`)).toEqual({ bytes, type: 'image/jpeg' });
    const got = await storage.get(`${HASH}.jpg`);
    expect(got?.status).toBe(200);
    expect(got?.contentType).toBe('image/jpeg');
    expect(Buffer.concat(await got!.body.toArray())).toEqual(bytes);
    // The same key again: already there with that size, so nothing is sent.
    await storage.put(`${HASH}.jpg`, bytes);
    await storage.remove(`${HASH}.jpg`);
    expect(s3.objects.has(`${HASH}.jpg`)).toBe(false);
    expect(await storage.get(`${HASH}.jpg`)).toBeUndefined();
    await storage.remove(`${HASH}.jpg`);
    expect(s3.log).toEqual([
      `HEAD ${HASH}.jpg 404`,
      `PUT ${HASH}.jpg 200`,
      `GET ${HASH}.jpg 200`,
      `HEAD ${HASH}.jpg 200`,
      `DELETE ${HASH}.jpg 204`,
      `GET ${HASH}.jpg 404`,
      `DELETE ${HASH}.jpg 204`,
    ]);
  });

  it('passes a Range on and answers 206 with the part', async () => {
    const storage = new S3Storage(settings);
    await storage.put(`${HASH}.mp4`, Buffer.from('0123456789'));
    const part = await storage.get(`${HASH}.mp4`, 'bytes=2-5');
    expect(part?.status).toBe(206);
    expect(part?.contentRange).toBe('bytes 2-5/10');
    expect(Buffer.concat(await part!.body.toArray()).toString()).toBe('2345');
  });

  it('keeps keys under the configured prefix', async () => {
    await new S3Storage({ ...settings, prefix: 'amity/' }).put(`u12/${'b'.repeat(32)}.png`, Buffer.from('x'));
    expect(s3.objects.has(`amity/u12/${'b'.repeat(32)}.png`)).toBe(true);
  });

  it('is refused by S3 with a wrong secret, another access key or a clock 20 minutes off', async () => {
    // GET: a refused HEAD has no body to name the reason (as with S3), a refused GET has S3's XML error.
    const refusal = (storage: S3Storage) => storage.get(`${HASH}.png`).catch((e: unknown) => e);
    const wrongSecret = await refusal(new S3Storage({ ...settings, secretAccessKey: 'guess' }));
    expect(wrongSecret).toBeInstanceOf(S3Error);
    expect(wrongSecret).toMatchObject({ status: 403, s3Code: 'SignatureDoesNotMatch' });
    expect(await refusal(new S3Storage({ ...settings, accessKeyId: 'AKIDOTHER' }))).toMatchObject({
      s3Code: 'InvalidAccessKeyId',
    });
    const skewed = new S3Storage(settings, () => new Date(Date.now() - 20 * 60_000));
    expect(await refusal(skewed)).toMatchObject({ s3Code: 'RequestTimeTooSkewed' });
    expect(await refusal(new S3Storage({ ...settings, bucket: 'no-such-bucket' }))).toMatchObject({
      status: 404,
      s3Code: 'NoSuchBucket',
    });
    const put = await new S3Storage({ ...settings, secretAccessKey: 'guess' })
      .put(`${HASH}.png`, Buffer.from('x'))
      .catch((e: unknown) => e);
    expect(put).toMatchObject({ status: 403 });
    expect(s3.objects.has(`${HASH}.png`)).toBe(false);
  });

  it('refuses a body that is not the one signed (the stand-in checks x-amz-content-sha256)', async () => {
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/${HASH}.png`, {
      method: 'PUT',
      headers: {
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20260101T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/20260101/${s3.region}/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
      body: 'tampered',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>');
  });

  it('answers 503 (a DomainError) when the bucket cannot be reached, and never a key of another shape', async () => {
    const down = new S3Storage({ ...settings, endpoint: 'http://127.0.0.1:9', timeoutMs: 2000 });
    const error = await down.put(`${HASH}.png`, Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    await expect(new S3Storage(settings).get('../etc/passwd')).rejects.toThrow('not a storage key');
  });
});

describe('the app with S3_BUCKET set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'uploads/',
    });
  });
  afterAll(() => t.close());

  it('stores an upload in the bucket, not on disk, and serves it at /uploads/ with the same headers', async () => {
    const { token } = await register(t.app);
    const res = await postUpload(t.app, '/media', await jpeg(400, 300), { token });
    expect(res.statusCode).toBe(200);
    const url = res.json().data as string;
    const key = url.replace('/uploads/', '');
    expect(s3.objects.get(`uploads/${key}`)?.type).toBe('image/jpeg');
    expect(existsSync(join(t.dataDir, 'uploads', key))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload).toEqual(s3.objects.get(`uploads/${key}`)?.bytes);
    // A responsive size went to the bucket too.
    expect([...s3.objects.keys()].some((k) => k.startsWith(`uploads/${key.slice(0, 64)}-w`))).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: `/uploads/${'c'.repeat(64)}.jpg` });
    expect(missing.statusCode).toBe(404);
    // A file stored on disk before the bucket was configured is still served.
    const old = await jpeg(20, 20);
    writeFileSync(join(t.dataDir, 'uploads', `${'d'.repeat(64)}.jpg`), old);
    const fromDisk = await t.app.inject({ method: 'GET', url: `/uploads/${'d'.repeat(64)}.jpg` });
    expect([fromDisk.statusCode, fromDisk.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(fromDisk.rawPayload).toEqual(old);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret.jpg' })).statusCode).toBe(404);
  });

  it('refuses to start with a bucket but no keys', async () => {
    await expect(makeApp({ S3_BUCKET: 'amity-test' })).rejects.toThrow(
      'S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too',
    );
  });
});
