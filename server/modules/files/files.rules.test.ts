import { describe, expect, it } from 'vitest';
import { isUploadType, sniffImage } from './files.rules.ts';

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
  it('allows short lowercase words only', () => {
    expect(isUploadType('media')).toBe(true);
    expect(isUploadType('avatar_2')).toBe(true);
    for (const bad of ['', '..', 'a/b', 'Media', '-x', 'x'.repeat(33), '.hidden'])
      expect(isUploadType(bad)).toBe(false);
  });
});
