/** docs/api.md, Chat over REST: photo messages in history carry their stored size, ThumbHash and responsive sizes. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { jpeg, postUpload } from '../files/test-images.ts';
import { storeBatch } from './chat.writer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

async function say(senderId: number, toId: number, type: number, msg: string): Promise<void> {
  const [outcome] = await storeBatch(
    t.app.amity.db,
    [{ clientId: randomUUID(), senderId, toId, type, msg, lang: '' }],
    new Date(),
  );
  if (outcome?.kind !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
}

describe('photo messages in history', () => {
  it('give a photo the size, ThumbHash and sources of its stored image; text and unknown photos get none', async () => {
    const me = await member(t.app);
    const ann = await member(t.app);
    const upload = await postUpload(t.app, '/media', await jpeg(1600, 900), { token: me.token });
    const url = upload.json().data as string;
    await say(me.id, ann.id, 2, url);
    await say(ann.id, me.id, 1, 'nice');
    await say(ann.id, me.id, 2, `/uploads/${'f'.repeat(64)}.jpg`);
    const res = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/history/${ann.id}`,
      headers: bearer(me.token),
    });
    const [photo, text, unknown] = res.body.data as Message[];
    expect(photo?.msg).toBe(url);
    expect(photo?.photo).toMatchObject({ url, alt: '', width: 1600, height: 900, thumbhash: expect.any(String) });
    expect(photo?.photo?.thumbhash).not.toBe('');
    const widths = photo?.photo?.sources.map((s) => s.width);
    expect(widths).toEqual([320, 640, 1280, 1600]);
    for (const s of photo?.photo?.sources ?? []) {
      expect(s.webp).toMatch(/^\/uploads\/[0-9a-f]{64}-w\d+\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: s.jpeg });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
    expect(text?.photo).toBeUndefined();
    expect(unknown?.photo).toBeUndefined();
  });
});
