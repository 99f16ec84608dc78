import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Moment, MomentPage } from '#protocol/moment.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { jpeg, jpegWithGps, png, postUpload } from '../files/test-images.ts';
import { data, get, type Member, member, post, ROOT } from '../social/social.test-kit.ts';

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await makeApp();
  alice = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => {
  await t?.close();
});

const del = (who: Member | undefined, id: number | string) =>
  call(t.app, { method: 'DELETE', url: `${ROOT}/api/moment/${id}`, headers: who ? bearer(who.token) : {} });

async function upload(who: Member, bytes: Buffer, type = 'moment') {
  const res = await postUpload(t.app, `/${type}`, bytes, { token: who.token, filename: 'p.jpg' });
  return { status: res.statusCode, body: res.json() as { message: string | null; data: string } };
}

const addMoment = async (who: Member, body: object) => data<Moment>(await post(t.app, who, '/api/moment/add', body));

describe('moments: who may do what', () => {
  it('answers every route by role: anonymous 401, another member reads only, the owner also deletes', async () => {
    const own = await addMoment(alice, { text: 'mine' });
    const anonymous = [
      await call(t.app, { method: 'GET', url: `${ROOT}/api/moment/square` }),
      await call(t.app, { method: 'GET', url: `${ROOT}/api/moment/user/${alice.id}` }),
      await call(t.app, { method: 'POST', url: `${ROOT}/api/moment/add`, payload: { text: 'x' } }),
      await del(undefined, own.id),
    ];
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401, 401]);

    const other = [
      // Read first, so the square's shared first page holds the moment the owner deletes below.
      await get(t.app, bob, '/api/moment/square'),
      await get(t.app, bob, `/api/moment/user/${alice.id}`),
      await del(bob, own.id),
    ];
    expect(other.map((r) => r.status)).toEqual([200, 200, 403]);
    expect(other[2]!.body.message).toBe('Only the author can delete a moment');
    expect((other[1]!.body.data as MomentPage).list.map((m) => m.id)).toContain(own.id);

    expect((await del(alice, own.id)).body).toEqual({ code: 200, message: null, data: null });
    expect((await del(alice, own.id)).status).toBe(404);
    const after = data<MomentPage>(await get(t.app, bob, `/api/moment/user/${alice.id}`));
    expect(after.list.map((m) => m.id)).not.toContain(own.id);
    expect(data<MomentPage>(await get(t.app, bob, '/api/moment/square')).list.map((m) => m.id)).not.toContain(own.id);
  });

  it('hides blocked members both ways, on the square and on their page', async () => {
    const carol = await member(t.app);
    const dave = await member(t.app);
    const byCarol = await addMoment(carol, { text: 'carol here' });
    const byDave = await addMoment(dave, { text: 'dave here' });
    await t.app.amity.db.insertInto('blocks').values({ blocker_id: carol.id, blocked_id: dave.id }).execute();
    const squareOf = async (who: Member) =>
      data<MomentPage>(await get(t.app, who, '/api/moment/square?size=50')).list.map((m) => m.id);
    expect(await squareOf(carol)).not.toContain(byDave.id);
    expect(await squareOf(dave)).not.toContain(byCarol.id);
    expect(await squareOf(bob)).toEqual(expect.arrayContaining([byCarol.id, byDave.id]));
    expect(data<MomentPage>(await get(t.app, dave, `/api/moment/user/${carol.id}`)).list).toEqual([]);
    expect(data<MomentPage>(await get(t.app, carol, `/api/moment/user/${dave.id}`)).list).toEqual([]);
  });
});

describe('moments: pages newest first by cursor', () => {
  it('walks a member’s moments page by page without gaps or repeats, and ends with a null cursor', async () => {
    const erin = await member(t.app);
    const posted: number[] = [];
    for (let i = 0; i < 12; i += 1) posted.push((await addMoment(erin, { text: `moment ${i}` })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: MomentPage = data<MomentPage>(
        await get(t.app, bob, `/api/moment/user/${erin.id}?size=5${cursor ? `&cursor=${cursor}` : ''}`),
      );
      seen.push(...page.list.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...posted].reverse());
    // A moment posted meanwhile does not shift a later page (the cursor is a position, not an offset).
    const first = data<MomentPage>(await get(t.app, bob, `/api/moment/user/${erin.id}?size=5`));
    await addMoment(erin, { text: 'newer' });
    const second = data<MomentPage>(
      await get(t.app, bob, `/api/moment/user/${erin.id}?size=5&cursor=${first.nextCursor}`),
    );
    expect(second.list[0]!.id).toBe(posted[6]);
  });

  it('refuses a cursor it never gave, a bad size and an unknown member', async () => {
    const cases: [string, number, string][] = [
      ['/api/moment/square?cursor=abc', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=-1', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=1e3', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=0', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=9007199254740991', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=99999999999999999999', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?cursor=1&cursor=2', 400, 'cursor must be the nextCursor of an earlier page'],
      ['/api/moment/square?size=7', 400, 'size must be one of 5, 10, 20, 30, 40, 50'],
      ['/api/moment/square?size=500', 400, 'size must be one of 5, 10, 20, 30, 40, 50'],
      ['/api/moment/user/0', 400, 'userId must be a user id (a whole number from 1 to 2147483647)'],
      ['/api/moment/user/2147483647', 404, 'No such member'],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(t.app, bob, url);
      expect({ url, status: res.status, message: res.body.message }).toEqual({ url, status, message });
    }
    expect((await get(t.app, bob, '/api/moment/square?cursor=&size=')).status).toBe(200);
  });
});

describe('moments: posting', () => {
  it('checks every field: text, images and alts, with a 400 naming the rule and nothing stored', async () => {
    const photo = (await upload(alice, await jpeg(30, 20))).body.data;
    const cases: [unknown, string][] = [
      [{}, 'text is required when there is no image'],
      [{ text: '   ' }, 'text is required when there is no image'],
      [{ text: 'x'.repeat(1001) }, 'text must be at most 1000 characters'],
      [{ text: 'a\u0000b' }, 'text must not contain a NUL character'],
      [{ text: 'a\ud800b' }, 'text must not contain an unpaired surrogate (invalid Unicode)'],
      [{ text: 5 }, 'text must be a string'],
      [{ images: Array.from({ length: 10 }, (_, i) => `/uploads/p${i}.jpg`) }, 'images must be at most 9'],
      [{ images: 'x' }, 'images must be a list of image paths'],
      [{ images: ['https://evil.com/a.jpg'] }, 'images: each image must be the path of an image uploaded here'],
      [{ images: ['javascript:alert(1)'] }, 'images: each image must be the path of an image uploaded here'],
      [{ images: ['/uploads/../x.jpg'] }, 'images: each image must be the path of an image uploaded here'],
      [{ images: [7] }, 'images: each image must be the path of an image uploaded here'],
      [{ images: [photo, photo] }, 'images must not repeat an image'],
      [{ images: [photo], alts: ['a', 'b'] }, 'alts must not be longer than images'],
      [{ images: [photo], alts: ['x'.repeat(1001)] }, 'alts: alt must be at most 1000 characters'],
      [{ images: [photo], alts: ['\u0000'] }, 'alts: alt must not contain a NUL character'],
    ];
    const count = async () =>
      Number(
        (
          await t.app.amity.db
            .selectFrom('moments')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [body, message] of cases) {
      const res = await post(t.app, alice, '/api/moment/add', body);
      expect({ body, status: res.status, message: res.body.message?.replace(/^(\w+)\.\d+: /, '$1: ') }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await count()).toBe(before);
    expect((await post(t.app, alice, '/api/moment/add', { text: 'x'.repeat(1000) })).status).toBe(200);
    const nine = Array.from({ length: 9 }, (_, i) => `/uploads/p${i}.jpg`);
    expect(data<Moment>(await post(t.app, alice, '/api/moment/add', { images: nine })).images).toEqual(nine);
  });

  it('answers photos with alt text, size, ThumbHash and WebP/JPEG sources; the stored files carry no EXIF', async () => {
    const wide = (await upload(alice, await jpeg(1500, 1000))).body.data;
    const phone = (await upload(alice, await jpegWithGps())).body.data;
    const moment = await addMoment(alice, { text: 'two photos', images: [wide, phone], alts: ['A wide field'] });
    expect(moment.images).toEqual([wide, phone]);
    const [w, p] = moment.photos;
    expect(w).toMatchObject({ url: wide, alt: 'A wide field', width: 1500, height: 1000 });
    expect(w!.sources.map((s) => [s.width, s.height])).toEqual([
      [320, 213],
      [640, 427],
      [1280, 853],
      [1500, 1000],
    ]);
    expect(thumbHashToApproximateAspectRatio(Buffer.from(w!.thumbhash, 'base64'))).toBeCloseTo(1.5, 0);
    // Rotated by its EXIF orientation (40 × 20 taken sideways), with no alt text given.
    expect(p).toMatchObject({ url: phone, alt: '', width: 20, height: 40 });
    for (const source of [...w!.sources, ...p!.sources]) {
      for (const [url, format] of [
        [source.webp, 'webp'],
        [source.jpeg, 'jpeg'],
      ] as const) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        const meta = await sharp(readFileSync(join(t.dataDir, url))).metadata();
        expect({ url, format: meta.format, width: meta.width, exif: meta.exif }).toEqual({
          url,
          format,
          width: source.width,
          exif: undefined,
        });
      }
    }
    // The square shows it the same way.
    const square = data<MomentPage>(await get(t.app, bob, '/api/moment/square'));
    expect(square.list.find((m) => m.id === moment.id)?.photos).toEqual(moment.photos);
  });

  it('caps stored photos at 2000 pixels on the longest side', async () => {
    const url = (await upload(alice, await png(3000, 1500))).body.data;
    expect(await sharp(readFileSync(join(t.dataDir, url))).metadata()).toMatchObject({ width: 2000, height: 1000 });
  });

  it('stores nothing for a fake PNG, a truncated image or a decompression bomb (4xx)', async () => {
    const dir = join(t.dataDir, 'uploads');
    const files = () => readdirSync(dir).sort();
    const before = files();
    const real = await jpeg(64, 64, '#9a4');
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const fakes = [
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not a png')]),
      real.subarray(0, Math.floor(real.length / 2)),
      bomb,
    ];
    for (const bytes of fakes) {
      const res = await upload(alice, bytes);
      expect(res.status).toBe(400);
    }
    expect(files()).toEqual(before);
  });
});
