import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA } from '#protocol/media.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { judgeMedia, MEDIA_TOO_LARGE, NOT_MEDIA, UNREADABLE } from './files.media.ts';
import { jpeg, postUpload } from './test-images.ts';
import { makeFragmentedMp4, makeMp4, makeWebm } from './test-media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof member>>;

async function vip(): Promise<Member> {
  const m = await member(t.app);
  await sql`insert into memberships (user_id, level_name, level_sort, ends_at)
    values (${m.id}, 'VIP', 2, ${new Date(Date.now() + 30 * 86_400_000)})`.execute(t.app.amity.db);
  return m;
}

const send = (m: Member, kind: 'video' | 'voice', bytes: Buffer, type: string) =>
  postUpload(t.app, `/${kind}`, bytes, { token: m.token, filename: `f.${type.split('/')[1]}`, type });

const stored = () => readdirSync(join(t.dataDir, 'uploads')).filter((f) => /\.(mp4|webm|m4a|weba)$/.test(f));

async function uploadsOf(m: Member): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from uploads where user_id = ${m.id}`.execute(
    t.app.amity.db,
  );
  return rows[0]!.n;
}

describe('judgeMedia', () => {
  it('needs the bytes and the declared type to agree on the container', () => {
    expect(judgeMedia('video', 'video/mp4', makeMp4({ seconds: 3 }))).toMatchObject({ ext: 'mp4', mime: 'video/mp4' });
    expect(judgeMedia('video', 'video/webm;codecs=vp8,opus', makeWebm({ seconds: 3 }))).toMatchObject({ ext: 'webm' });
    expect(judgeMedia('voice', 'audio/webm', makeWebm({ seconds: 3, video: false }))).toMatchObject({
      ext: 'weba',
      mime: 'audio/webm',
    });
    expect(judgeMedia('voice', 'audio/mp4', makeMp4({ seconds: 3, video: false }))).toMatchObject({
      ext: 'm4a',
      mime: 'audio/mp4',
    });
    expect(() => judgeMedia('video', 'video/webm', makeMp4({ seconds: 3 }))).toThrow(
      'file is declared video/webm but holds MP4',
    );
    expect(() => judgeMedia('video', 'image/jpeg', makeMp4({ seconds: 3 }))).toThrow(/the type must be one of/);
    expect(() => judgeMedia('video', 'video/mp4', Buffer.from('not a video at all'))).toThrow(NOT_MEDIA.video);
    expect(() => judgeMedia('video', 'video/mp4', makeMp4({ seconds: 3 }).subarray(0, 30))).toThrow(UNREADABLE.video);
    expect(() => judgeMedia('video', 'video/mp4', makeMp4({ seconds: 3, video: false }))).toThrow(/no picture/);
    expect(judgeMedia('video', 'video/mp4', makeFragmentedMp4(5)).info.duration).toBe(5);
  });

  it('refuses over 60 seconds, accepts exactly 60', () => {
    expect(judgeMedia('video', 'video/mp4', makeMp4({ seconds: MEDIA.maxSeconds })).info.duration).toBe(60);
    expect(() => judgeMedia('video', 'video/mp4', makeMp4({ seconds: 60.5 }))).toThrow(
      'A video must be at most 60 seconds long (this one is 60.5 s)',
    );
    expect(() => judgeMedia('voice', 'audio/webm', makeWebm({ seconds: 61, declared: false, video: false }))).toThrow(
      'A voice note must be at most 60 seconds long (this one is 61.0 s)',
    );
  });
});

describe('POST /api/file/upload/video and /voice', () => {
  it('stores a video by content hash and answers its URL, duration, size and picture size', async () => {
    const a = await vip();
    const bytes = makeMp4({ seconds: 3, width: 640, height: 360 });
    const res = await send(a, 'video', bytes, 'video/mp4');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ duration: 3, size: bytes.length, width: 640, height: 360 });
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.mp4$/);
    // Uploading does not use a free video: sending the message does.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger where user_id = ${a.id}
      and kind = 'month_video'`.execute(t.app.amity.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('bad bytes, a mismatched type, over 60 s: 400, nothing stored, nothing counted', async () => {
    const a = await vip();
    const before = stored().length;
    const cases: [Buffer, string, 'video' | 'voice', string | RegExp][] = [
      [await jpeg(), 'video/mp4', 'video', NOT_MEDIA.video],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'video/webm', 'video', NOT_MEDIA.video],
      [makeWebm({ seconds: 3 }), 'video/mp4', 'video', 'file is declared video/mp4 but holds WebM'],
      [makeMp4({ seconds: 61 }), 'video/mp4', 'video', /at most 60 seconds/],
      [makeWebm({ seconds: 75, declared: false, video: false }), 'audio/webm', 'voice', /at most 60 seconds/],
      [makeWebm({ seconds: 3, docType: 'matroska' }), 'video/webm', 'video', UNREADABLE.video],
    ];
    for (const [bytes, type, kind, message] of cases) {
      const res = await send(a, kind, bytes, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(stored().length).toBe(before);
    expect(await uploadsOf(a)).toBe(0);
  });

  it('refuses a file over 30 MB with 413 and stores nothing', async () => {
    const a = await vip();
    const big = makeMp4({ seconds: 3, dataBytes: MEDIA.maxBytes });
    const res = await send(a, 'video', big, 'video/mp4');
    expect(res.json()).toMatchObject({ code: 413, message: MEDIA_TOO_LARGE });
    expect(await uploadsOf(a)).toBe(0);
    // Just under the cap is fine (and more than the 1 MiB JSON body limit and the 5 MB image cap).
    const fits = makeMp4({ seconds: 3, dataBytes: 6_000_000 });
    expect((await send(a, 'video', fits, 'video/mp4')).statusCode).toBe(200);
  });

  it('serves the file with its type, a year of caching and Range requests', async () => {
    const a = await member(t.app);
    const bytes = makeWebm({ seconds: 5, declared: false, video: false });
    const url = (await send(a, 'voice', bytes, 'audio/webm')).json().data.url as string;
    expect(url).toMatch(/\.weba$/);
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: `bytes=${bytes.length - 4}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(4);
    const outside = await t.app.inject({ url, headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(outside.statusCode).toBe(416);
    const v = await vip();
    const mp4 = (await send(v, 'video', makeMp4({ seconds: 2 }), 'video/mp4')).json().data.url as string;
    expect((await t.app.inject({ url: mp4 })).headers['content-type']).toBe('video/mp4');
  });

  it('needs a token, multipart and the file field', async () => {
    expect((await postUpload(t.app, '/video', makeMp4({ seconds: 1 }), { type: 'video/mp4' })).statusCode).toBe(401);
    const a = await member(t.app);
    const res = await postUpload(t.app, '/voice', makeWebm({ seconds: 1, video: false }), {
      token: a.token,
      field: 'sound',
      type: 'audio/webm',
    });
    expect(res.json()).toMatchObject({ code: 400, message: 'file is required' });
  });
});
