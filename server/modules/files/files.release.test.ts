/** Files of deleted moments and replaced avatars go once nothing refers to them; shared files stay (files.release.ts). */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../realtime/socket-test-client.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { storeBatch } from '../chat/chat.writer.ts';
import { jpeg, png, postUpload } from './test-images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

const db = () => t.app.amity.db;
const onDisk = (key: string) => existsSync(join(t.dataDir, 'uploads', key));
let colour = 0;

/** Uploads a distinct photo and makes the upload older than the grace, as if posted a while ago. */
async function photo(token: string, type = 'moment'): Promise<{ url: string; key: string; files: string[] }> {
  colour++;
  const bytes = await jpeg(900, 700, `#${(colour * 997).toString(16).padStart(6, '0').slice(-6)}`);
  const url = (await postUpload(t.app, `/${type}`, bytes, { token })).json().data as string;
  const key = url.replace('/uploads/', '');
  await db()
    .updateTable('uploads')
    .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
    .where('blob_key', '=', key)
    .execute();
  const blob = await db().selectFrom('blobs').select('variants').where('key', '=', key).executeTakeFirstOrThrow();
  return { url, key, files: [key, ...blob.variants.flatMap((v) => [v.webp, v.jpeg])] };
}

async function post(token: string, images: string[]): Promise<number> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/h5-api/api/moment/add',
    headers: bearer(token),
    payload: { text: 'x', images },
  });
  expect(res.status).toBe(200);
  return (res.body.data as { id: number }).id;
}
const remove = (token: string, id: number) =>
  call(t.app, { method: 'DELETE', url: `/h5-api/api/moment/${id}`, headers: bearer(token) });
const blobExists = async (key: string) =>
  (await db().selectFrom('blobs').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;

describe('deleting a moment', () => {
  it('deletes its photos and their sizes when nothing else uses them', async () => {
    const ann = await member(t.app);
    const [a, b] = [await photo(ann.token), await photo(ann.token)];
    expect(a.files.length).toBeGreaterThan(2);
    const id = await post(ann.token, [a.url, b.url]);
    expect((await remove(ann.token, id)).status).toBe(200);
    for (const p of [a, b]) {
      expect(await blobExists(p.key)).toBe(false);
      for (const f of p.files) expect(onDisk(f), f).toBe(false);
    }
    // The upload log stays: the day's quota still counts those bytes.
    expect(await db().selectFrom('uploads').select('id').where('blob_key', '=', a.key).execute()).toHaveLength(1);
  });

  it('keeps a photo another moment, an avatar or a chat message still shows', async () => {
    const ann = await member(t.app);
    const bob = await member(t.app);
    const shared = await photo(ann.token);
    const first = await post(ann.token, [shared.url]);
    const second = await post(bob.token, [shared.url]);
    await remove(ann.token, first);
    expect(onDisk(shared.key)).toBe(true);
    await remove(bob.token, second);
    expect(onDisk(shared.key)).toBe(false);

    const asAvatar = await photo(ann.token);
    await call(t.app, {
      method: 'PUT',
      url: '/h5-api/api/system/user/update',
      headers: bearer(bob.token),
      payload: { avatar: asAvatar.url },
    });
    await remove(ann.token, await post(ann.token, [asAvatar.url]));
    expect(onDisk(asAvatar.key)).toBe(true);

    const inChat = await photo(ann.token);
    const [stored] = await storeBatch(
      db(),
      [{ clientId: randomUUID(), senderId: bob.id, toId: ann.id, type: 2, msg: inChat.url, lang: '' }],
      new Date(),
    );
    expect(stored?.kind).toBe('stored');
    await remove(ann.token, await post(ann.token, [inChat.url]));
    expect(onDisk(inChat.key)).toBe(true);
  });

  it('keeps a photo uploaded within the last hour (a composer may be about to post it) and chat uploads', async () => {
    const ann = await member(t.app);
    const fresh = (await postUpload(t.app, '/moment', await png(300, 300, '#123456'), { token: ann.token })).json()
      .data as string;
    await remove(ann.token, await post(ann.token, [fresh]));
    expect(onDisk(fresh.replace('/uploads/', ''))).toBe(true);
    const media = await photo(ann.token, 'media');
    await remove(ann.token, await post(ann.token, [media.url]));
    expect(onDisk(media.key)).toBe(true);
  });

  it('deletes nothing for anyone but the author: anonymous 401, another member 403', async () => {
    const ann = await member(t.app);
    const eve = await member(t.app);
    const p = await photo(ann.token);
    const id = await post(ann.token, [p.url]);
    expect((await call(t.app, { method: 'DELETE', url: `/h5-api/api/moment/${id}` })).status).toBe(401);
    expect((await remove(eve.token, id)).status).toBe(403);
    expect(onDisk(p.key)).toBe(true);
  });
});

describe('replacing an avatar', () => {
  it('deletes the old avatar file once no one else shows it', async () => {
    const ann = await member(t.app);
    const update = (avatar: string) =>
      call(t.app, {
        method: 'PUT',
        url: '/h5-api/api/system/user/update',
        headers: bearer(ann.token),
        payload: { avatar },
      });
    const old = await photo(ann.token, 'avatar');
    expect((await update(old.url)).status).toBe(200);
    const next = await photo(ann.token, 'avatar');
    expect((await update(next.url)).status).toBe(200);
    expect(onDisk(old.key)).toBe(false);
    expect(onDisk(next.key)).toBe(true);
    expect((await update('')).status).toBe(200);
    expect(onDisk(next.key)).toBe(false);
  });
});
