// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '#lib/http.ts';
import { readLocal, writeLocal } from '#lib/storage.ts';
import type { CosSign } from '#protocol/upload.ts';

const sent: { url: string; fields: Record<string, string>; fileName: string }[] = [];
let reply: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: null });

vi.mock('#lib/upload.ts', () => ({
  sendForm: vi.fn(async (url: string, form: FormData, options: { onProgress?: (l: number, t: number) => void }) => {
    const fields: Record<string, string> = {};
    let fileName = '';
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else fileName = value.name;
    }
    sent.push({ url, fields, fileName });
    options.onProgress?.(50, 100);
    return reply(url);
  }),
}));
vi.mock('#lib/md5.ts', () => ({ md5File: vi.fn(async () => 'd41d8cd98f00b204e9800998ecf8427e') }));

const { uploadImage, signatureFor, SIGN_CACHE_KEY } = await import('./upload.api.ts');

const NOW = 1_800_000_000_000;
const sign = (end: number): CosSign => ({
  path: 'u7/',
  filename: 'f'.repeat(32),
  url: '/uploads',
  policy: 'cG9saWN5',
  'q-sign-algorithm': 'sha1',
  'q-ak': 'amity',
  'q-key-time': `${end - 3600};${end}`,
  'q-signature': 'a'.repeat(40),
});
const ok = (data: unknown) => ({ status: 200, body: { code: 200, message: null, data } });
const photo = () => new File(['jpeg'], 'IMG_0001.JPG', { type: 'image/jpeg' });

beforeEach(() => {
  sent.length = 0;
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('signatureFor (cts)', () => {
  it('asks once, then reuses the cached signature until 3 minutes before it ends', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(sign(NOW / 1000 + 3600));
    expect(await signatureFor('moment', NOW)).not.toBeNull();
    expect(await signatureFor('moment', NOW + 3_000_000)).not.toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/file/cos/sign', { type: 'moment' }, { silent: true });
    await signatureFor('moment', NOW + 3_420_000);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps one signature per upload type', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(sign(NOW / 1000 + 3600));
    await signatureFor('moment', NOW);
    await signatureFor('avatar', NOW);
    expect(get).toHaveBeenCalledTimes(2);
    expect(Object.keys(readLocal(SIGN_CACHE_KEY, {}))).toEqual(['moment', 'avatar']);
  });

  it('swallows a failure silently: no signature, no throw', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(500, 'boom'));
    await expect(signatureFor('media', NOW)).resolves.toBeNull();
  });
});

describe('uploadImage', () => {
  it('posts the signed form with key path + md5 name, and answers url/key', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(sign(NOW / 1000 + 3600));
    // As the server answers: `url` is the file's whole address (files.routes.ts), not the base.
    reply = () =>
      ok({ key: 'u7/d41d8cd98f00b204e9800998ecf8427e.jpg', url: '/uploads/u7/d41d8cd98f00b204e9800998ecf8427e.jpg' });
    const progress: number[] = [];
    const url = await uploadImage(photo(), { type: 'moment', now: () => NOW, onProgress: (p) => progress.push(p) });
    expect(url).toBe('/uploads/u7/d41d8cd98f00b204e9800998ecf8427e.jpg');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/uploads');
    expect(sent[0]?.fields.key).toBe('u7/d41d8cd98f00b204e9800998ecf8427e.jpg');
    expect(sent[0]?.fields['q-signature']).toBe('a'.repeat(40));
    expect(sent[0]?.fileName).toBe('d41d8cd98f00b204e9800998ecf8427e.jpg');
    expect(progress).toEqual([50]);
  });

  it('uploads directly when no signature can be had', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new TypeError('offline'));
    reply = () => ok('/uploads/abc.jpg');
    expect(await uploadImage(photo(), { type: 'moment', now: () => NOW })).toBe('/uploads/abc.jpg');
    expect(sent.map((s) => s.url)).toEqual(['/h5-api/api/file/upload/moment']);
  });

  it('forgets a refused signature and falls back to the direct upload', async () => {
    writeLocal(SIGN_CACHE_KEY, { media: sign(NOW / 1000 + 3600) });
    reply = (url) =>
      url === '/uploads'
        ? { status: 403, body: { code: 403, message: 'The upload signature does not match', data: null } }
        : ok('/uploads/abc.jpg');
    expect(await uploadImage(photo(), { now: () => NOW })).toBe('/uploads/abc.jpg');
    expect(sent.map((s) => s.url)).toEqual(['/uploads', '/h5-api/api/file/upload/media']);
    expect(readLocal(SIGN_CACHE_KEY, {})).toEqual({});
  });

  it('does not retry what the direct upload would refuse too', async () => {
    writeLocal(SIGN_CACHE_KEY, { media: sign(NOW / 1000 + 3600) });
    reply = () => ({ status: 400, body: { code: 400, message: 'file must be a JPEG or PNG image', data: null } });
    await expect(uploadImage(photo(), { now: () => NOW })).rejects.toThrow('file must be a JPEG or PNG image');
    expect(sent).toHaveLength(1);
  });
});
