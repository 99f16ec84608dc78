import { describe, expect, it } from 'vitest';
import { isUploadType, quotaRetryAfter, sniffImage } from './files.rules.ts';

describe('sniffImage', () => {
  it('knows JPEG and PNG by their first bytes only', () => {
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({
      ext: 'png',
      mime: 'image/png',
    });
    expect(sniffImage(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffImage(Uint8Array.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});

describe('isUploadType', () => {
  it('allows the listed types only: never a folder name a member makes up', () => {
    for (const type of ['media', 'avatar', 'image', 'moment']) expect(isUploadType(type)).toBe(true);
    for (const bad of [
      '',
      '..',
      'a/b',
      'Media',
      'video',
      'avatars',
      'media ',
      '__proto__',
      'constructor',
      'x'.repeat(33),
    ])
      expect(isUploadType(bad)).toBe(false);
  });
});

describe('quotaRetryAfter (sliding 24 hours)', () => {
  const now = new Date('2026-01-02T12:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  it('is 0 while the bytes fit, and 0 exactly at the quota', () => {
    expect(quotaRetryAfter([], 100, 100, now)).toBe(0);
    expect(quotaRetryAfter([{ bytes: 60, at: at(3) }], 40, 100, now)).toBe(0);
  });
  it('waits until enough of the oldest uploads leave the window', () => {
    const recent = [
      { bytes: 50, at: at(20) },
      { bytes: 30, at: at(10) },
      { bytes: 20, at: at(1) },
    ];
    // 100 used; 10 more needs the 50 from 20 hours ago gone: in 4 hours.
    expect(quotaRetryAfter(recent, 10, 100, now)).toBe(4 * 3600);
    // 60 more needs the 30 from 10 hours ago gone too: in 14 hours.
    expect(quotaRetryAfter(recent, 60, 100, now)).toBe(14 * 3600);
  });
  it('says a whole day for a file larger than the quota itself', () => {
    expect(quotaRetryAfter([], 101, 100, now)).toBe(86_400);
  });
});
