/**
 * Moments for end-to-end tests, audits and screenshots: photo-like JPEGs made with sharp (soft colour fields with
 * a grain, so they weigh what a phone photo re-encoded at 2,000 px weighs, not a flat colour's few bytes),
 * uploaded and posted over the API as the member.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Member } from './api.ts';
import { call } from './api.ts';

/** A `width` × `height` JPEG that looks like an out-of-focus photo; `seed` varies the colours. */
export async function photoJpeg(width = 1600, height = 1200, seed = 0): Promise<Buffer> {
  const cells = Buffer.alloc(8 * 6 * 3);
  for (let i = 0; i < cells.length; i++)
    cells[i] =
      (Math.sin((i + 1) * (seed + 3) * 12.9898) * 43758.5453) % 1 > 0
        ? 90 + ((i * 37 + seed * 53) % 160)
        : 40 + ((i * 91 + seed * 17) % 120);
  const base = await sharp(cells, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(8)
    .raw()
    .toBuffer();
  const grain = randomBytes(base.length);
  for (let i = 0; i < base.length; i++)
    base[i] = Math.max(0, Math.min(255, (base[i] ?? 0) + (((grain[i] ?? 0) % 25) - 12)));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** POST /api/file/upload/{type} as the member; answers the stored path. */
export async function uploadPhoto(base: string, token: string, bytes: Buffer, type = 'moment'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/h5-api/api/file/upload/${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await res.json()) as { code: number; message: string; data: string };
  if (envelope.code !== 200) throw new Error(`upload: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

export async function postMoment(
  base: string,
  member: Member,
  text: string,
  images: string[] = [],
  alts: string[] = [],
) {
  return call<{ id: number }>(base, 'POST', '/api/moment/add', { text, images, alts }, member.token);
}

/**
 * `count` moments by `member`, oldest first, each with `photosEach` photos (cycling 1..photosEach when `vary`),
 * reusing a pool of distinct photos so seeding stays quick.
 */
export async function seedMoments(
  base: string,
  member: Member,
  count: number,
  options: { photosEach?: number; vary?: boolean; pool?: number } = {},
): Promise<void> {
  const { photosEach = 1, vary = true, pool = 12 } = options;
  const urls: string[] = [];
  for (let i = 0; i < pool; i++) {
    const portrait = i % 3 === 2;
    urls.push(
      await uploadPhoto(base, member.token, await photoJpeg(portrait ? 1200 : 1600, portrait ? 1600 : 1200, i)),
    );
  }
  for (let i = 0; i < count; i++) {
    const n = vary ? (i % photosEach) + 1 : photosEach;
    const images = Array.from({ length: n }, (_, k) => urls[(i * 3 + k) % urls.length] as string);
    await postMoment(
      base,
      member,
      `Moment ${i + 1}: an afternoon walk by the river, coffee after.`,
      images,
      images.map((_, k) => `Photo ${k + 1} of moment ${i + 1}`),
    );
  }
}
