/** Upload test material: real images made with sharp, and the multipart body a browser sends. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from '../../test-helper.ts';

export async function png(width = 16, height = 12, colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function jpeg(width = 16, height = 12, colour = '#a37'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A photo as a phone takes it: EXIF with the member's position, rotated by the orientation tag. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#48c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Secret Serial 1234' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Random pixels: the worst case for compression, so the stored size is about width × height × 3. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** One file field as multipart/form-data. */
export function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----amity-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POST /h5-api/api/file/upload{path} with `bytes` as the multipart field `file` (a JPEG named photo.jpg unless
 * told), signed in with `token` when there is one.
 */
export function postUpload(
  app: FastifyInstance,
  path: string,
  bytes: Buffer,
  options: { token?: string; field?: string; filename?: string; type?: string } = {},
) {
  const form = multipart(options.field ?? 'file', options.filename ?? 'photo.jpg', options.type ?? 'image/jpeg', bytes);
  return app.inject({
    method: 'POST',
    url: `/h5-api/api/file/upload${path}`,
    payload: form.payload,
    headers: { ...form.headers, ...(options.token ? bearer(options.token) : {}) },
  });
}
