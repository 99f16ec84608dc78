/**
 * Demo moments for the demo members: a few posts, some with a generated landscape photo stored exactly as an
 * upload would be (re-encoded, responsive sizes, ThumbHash), so a fresh `npm start` shows a square with photos.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { createStorage } from '../../adapters/storage/storage.ts';
import type { Tx } from '../../db/database.ts';
import { putImage, reencodeImage, responsiveImage } from '../files/files.image.ts';
import { recordUpload } from '../files/files.repository.ts';

interface DemoMoment {
  username: string;
  text: string;
  /** Sky and ground colours of a generated landscape, with its alt text; none for a text-only moment. */
  photo?: { sky: string; ground: string; alt: string };
  hoursAgo: number;
}

export const DEMO_MOMENTS: readonly DemoMoment[] = [
  {
    username: 'chen_wei',
    text: '周末去爬山了，山顶的日落太美了！',
    photo: { sky: '#ff9a5a', ground: '#3b4a6b', alt: 'An orange sunset over dark blue hills' },
    hoursAgo: 30,
  },
  { username: 'bruno', text: 'Alguém quer praticar português comigo? 🇧🇷', hoursAgo: 20 },
  {
    username: 'haruka',
    text: '海に行きました。風が気持ちよかったです。',
    photo: { sky: '#8fd3ff', ground: '#1f6fa8', alt: 'A pale blue sky over a deep blue sea' },
    hoursAgo: 9,
  },
  { username: 'felix', text: 'Heute gibt es selbstgemachte Pizza. Wer kommt vorbei?', hoursAgo: 5 },
  {
    username: 'nadia',
    text: 'Finished a new painting of the fields near my home.',
    photo: { sky: '#f6e7b0', ground: '#6a9a3a', alt: 'A yellow sky above green fields' },
    hoursAgo: 2,
  },
  { username: 'alice', text: 'Hola a todos! Practicing my Spanish here every day.', hoursAgo: 1 },
];

function landscapeSvg(sky: string, ground: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="854">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${sky}"/></linearGradient></defs>
<rect width="1280" height="854" fill="url(#s)"/><circle cx="900" cy="360" r="90" fill="#fff6d5"/>
<path d="M0 560 Q 320 430 640 540 T 1280 500 V 854 H 0 Z" fill="${ground}"/></svg>`);
}

/** Inserts the demo moments for `ids` (username → id) in `trx`; photo files go to DATA_DIR/uploads first. */
export async function seedDemoMoments(
  trx: Tx,
  dataDir: string,
  ids: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  const storage = createStorage({ dataDir });
  for (const m of DEMO_MOMENTS) {
    const userId = ids.get(m.username);
    if (userId === undefined) continue;
    const at = new Date(now.getTime() - m.hoursAgo * 3_600_000);
    const images: { url: string; alt: string }[] = [];
    if (m.photo) {
      const jpeg = await sharp(landscapeSvg(m.photo.sky, m.photo.ground)).jpeg({ quality: 85 }).toBuffer();
      const image = await reencodeImage(jpeg, { ext: 'jpg', mime: 'image/jpeg' });
      const hash = createHash('sha256').update(image.bytes).digest('hex');
      const key = `${hash}.jpg`;
      const blob = await putImage(storage, hash, key, image, await responsiveImage(image.bytes, image.width));
      await recordUpload(trx, { userId, type: 'moment', key, receivedBytes: jpeg.length, at, aliasKey: null }, blob);
      images.push({ url: storage.url(key), alt: m.photo.alt });
    }
    await trx
      .insertInto('moments')
      .values({ user_id: userId, text: m.text, images: JSON.stringify(images), created_at: at })
      .execute();
  }
}
