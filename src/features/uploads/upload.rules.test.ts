import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CosSign } from '#protocol/upload.ts';
import {
  acceptPick,
  checkImage,
  cosFields,
  cosFileUrl,
  formatBytes,
  percent,
  signatureUsable,
  uploadName,
} from './upload.rules.ts';

describe('checkImage (docs/product.md, Uploads)', () => {
  it('takes only jpeg and png', () => {
    expect(checkImage({ type: 'image/gif', size: 10 })).toEqual({ kind: 'not-image' });
    expect(checkImage({ type: 'image/webp', size: 10 })).toEqual({ kind: 'not-image' });
    expect(checkImage({ type: '', size: 10 })).toEqual({ kind: 'not-image' });
    expect(checkImage({ type: 'image/png', size: 10 })).toBeNull();
  });

  it('checks 2 MiB by default and the uploader’s 5 MiB when given', () => {
    expect(checkImage({ type: 'image/jpeg', size: 2_097_152 })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 2_097_153 })).toEqual({ kind: 'too-large', maxBytes: 2_097_152 });
    expect(checkImage({ type: 'image/png', size: 5_242_880 }, 5_242_880)).toBeNull();
    expect(checkImage({ type: 'image/png', size: 5_242_881 }, 5_242_880)).toEqual({
      kind: 'too-large',
      maxBytes: 5_242_880,
    });
  });

  it('says the limit the way the message reads', () => {
    expect(formatBytes(5_242_880)).toBe('5MB');
    expect(formatBytes(2_097_152)).toBe('2MB');
    expect(formatBytes(512 * 1024)).toBe('512KB');
  });
});

describe('acceptPick', () => {
  it('refuses a pick past the limit and reports limit, chosen and total', () => {
    expect(acceptPick(3, ['a', 'b', 'c'], 5)).toEqual({ ok: false, limit: 5, chosen: 3, total: 6 });
    expect(acceptPick(0, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ ok: false, limit: 5, chosen: 6, total: 6 });
  });

  it('takes a pick up to the limit', () => {
    expect(acceptPick(2, ['a', 'b', 'c'], 5)).toEqual({ ok: true, files: ['a', 'b', 'c'], replace: false });
  });

  it('replaces the held file when the limit is 1', () => {
    expect(acceptPick(1, ['new'], 1)).toEqual({ ok: true, files: ['new'], replace: true });
    expect(acceptPick(1, ['x', 'y'], 1)).toEqual({ ok: true, files: ['y'], replace: true });
  });

  it('never lets more than the limit through', () => {
    fc.assert(
      fc.property(
        fc.nat(12),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (held, picked, limit) => {
          fc.pre(held <= limit);
          const result = acceptPick(held, picked, limit);
          if (!result.ok) return result.total > limit && result.chosen === picked.length;
          return (result.replace ? 0 : held) + result.files.length <= limit;
        },
      ),
    );
  });
});

describe('signatureUsable (cts)', () => {
  const at = (end: number) => ({ 'q-key-time': `${end - 3600};${end}` });
  const end = 1_800_000_000;

  it('reuses a signature until 3 minutes before q-key-time ends', () => {
    expect(signatureUsable(at(end), end * 1000 - 180_001)).toBe(true);
    expect(signatureUsable(at(end), end * 1000 - 180_000)).toBe(false);
    expect(signatureUsable(at(end), end * 1000 + 1)).toBe(false);
  });

  it('never reuses a missing or malformed one', () => {
    expect(signatureUsable(null, 0)).toBe(false);
    expect(signatureUsable({ 'q-key-time': 'soon' }, 0)).toBe(false);
    expect(signatureUsable({ 'q-key-time': '' }, 0)).toBe(false);
  });
});

describe('names and the signed form', () => {
  const sign: CosSign = {
    path: 'u7/',
    filename: 'f'.repeat(32),
    url: '/uploads',
    policy: 'cG9saWN5',
    'q-sign-algorithm': 'sha1',
    'q-ak': 'amity',
    'q-key-time': '1;2',
    'q-signature': 'a'.repeat(40),
  };

  it('names a file by its md5 and its own type', () => {
    expect(uploadName('abc', 'image/png')).toBe('abc.png');
    expect(uploadName('abc', 'image/jpeg')).toBe('abc.jpg');
  });

  it('sends the signed fields, then the key under the signed path', () => {
    expect(cosFields(sign, 'abc.jpg')).toEqual([
      ['policy', 'cG9saWN5'],
      ['q-sign-algorithm', 'sha1'],
      ['q-ak', 'amity'],
      ['q-key-time', '1;2'],
      ['q-signature', 'a'.repeat(40)],
      ['key', 'u7/abc.jpg'],
    ]);
    expect(cosFields({ ...sign, 'x-oss-security-token': 't' }, 'abc.jpg').at(-1)).toEqual([
      'x-oss-security-token',
      't',
    ]);
  });

  it('finds the file at url/key', () => {
    expect(cosFileUrl('/uploads', 'u7/abc.jpg')).toBe('/uploads/u7/abc.jpg');
    expect(cosFileUrl('https://cdn.example/', 'u7/abc.jpg')).toBe('https://cdn.example/u7/abc.jpg');
  });

  it('reports progress as a bounded percentage', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(50, 200)).toBe(25);
    expect(percent(300, 200)).toBe(100);
  });
});
