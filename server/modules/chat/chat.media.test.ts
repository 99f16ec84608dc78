import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listeningTestApp, member, type TestSocket } from '../../realtime/socket-test-client.ts';
import { bearer, call } from '../../test-helper.ts';
import { postUpload } from '../files/test-images.ts';
import { makeMp4, makeWebm } from '../files/test-media.ts';
import { NO_VIDEOS_LEFT, VIDEOS_NEED_MEMBERSHIP } from './chat.media.ts';
import { storeBatch } from './chat.writer.ts';

const clock = { now: new Date('2026-03-30T10:00:00Z') };
const t = listeningTestApp({}, { now: () => clock.now });

type Member = Awaited<ReturnType<typeof member>>;

async function vip(level: 'VIP' | '高级会员' = 'VIP'): Promise<Member> {
  const m = await member(t.app);
  await sql`insert into memberships (user_id, level_name, level_sort, ends_at)
    values (${m.id}, ${level}, ${level === 'VIP' ? 2 : 1}, ${new Date('2027-01-01T00:00:00Z')})`.execute(
    t.app.amity.db,
  );
  return m;
}

async function setLeft(m: Member, left: number, month = '2026-03'): Promise<void> {
  await sql`update users set month_video_count = ${left}, month_video_month = ${month} where id = ${m.id}`.execute(
    t.app.amity.db,
  );
}

let videoSeconds = 2;
/** A freshly uploaded video (a new file each time, so each is its own blob). */
async function uploadVideo(m: Member): Promise<string> {
  videoSeconds += 0.5;
  const res = await postUpload(t.app, '/video', makeMp4({ seconds: videoSeconds }), {
    token: m.token,
    filename: 'clip.mp4',
    type: 'video/mp4',
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { url: string }).url;
}

async function info(m: Member) {
  const res = await call(t.app, { method: 'GET', url: '/h5-api/api/system/user/info', headers: bearer(m.token) });
  return res.body.data as { monthVideoCount: number };
}

const video = (toId: number, url: string, clientId = randomUUID()) => ({
  action: 'chart',
  data: { toId, type: 8, msg: url, clientId, media: { cover: '/uploads/cover.jpg', width: 1, height: 1 } },
});

/** The answers to `clientIds` on `socket`: the stored Message or the error frame. */
async function answers(socket: TestSocket, clientIds: string[]) {
  return Promise.all(
    clientIds.map((id) => socket.next((f) => f.action === 'chart' && f.data?.clientId === id, 10_000)),
  );
}

async function ledgerRows(m: Member) {
  const { rows } = await sql<{ delta: string; balance_after: string; ref: string }>`
    select delta, balance_after, ref from ledger where user_id = ${m.id} and kind = 'month_video' order by id`.execute(
    t.app.amity.db,
  );
  return rows;
}

async function storedVideos(m: Member): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from messages where sender_id = ${m.id} and type = 8`.execute(t.app.amity.db);
  return rows[0]!.n;
}

describe('free videos per month', () => {
  it('20 parallel sends with 3 left store exactly 3, each with a ledger row; the other 17 are 402', async () => {
    const a = await vip();
    const b = await member(t.app);
    const url = await uploadVideo(a);
    await setLeft(a, 3);
    expect((await info(a)).monthVideoCount).toBe(3);
    const socket = await t.open(a.token);
    const ids = Array.from({ length: 20 }, () => randomUUID());
    for (const id of ids) socket.send(video(b.id, url, id));
    const frames = await answers(socket, ids);
    const stored = frames.filter((f) => f.code === 200);
    const refused = frames.filter((f) => f.code === 402);
    expect(stored).toHaveLength(3);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.message).toBe(NO_VIDEOS_LEFT);
    expect(stored[0]!.data.media).toMatchObject({ duration: videoSeconds, cover: '/uploads/cover.jpg' });
    // The container's picture size wins over the sender's word.
    expect(stored[0]!.data.media).toMatchObject({ width: 320, height: 240 });
    expect(await storedVideos(a)).toBe(3);
    expect((await info(a)).monthVideoCount).toBe(0);
    const rows = await ledgerRows(a);
    expect(rows.map((r) => [Number(r.delta), Number(r.balance_after)])).toEqual([
      [-1, 2],
      [-1, 1],
      [-1, 0],
    ]);
    expect(rows.map((r) => r.ref).sort()).toEqual(stored.map((f) => `message:${f.data.id}`).sort());
    // A refused clientId sent again (still none left) stays refused and unstored; a stored one is acked again, free.
    socket.send(video(b.id, url, refused[0]!.data.clientId));
    expect((await answers(socket, [refused[0]!.data.clientId]))[0]!.code).toBe(402);
    socket.send(video(b.id, url, stored[0]!.data.clientId));
    expect((await answers(socket, [stored[0]!.data.clientId]))[0]).toMatchObject({
      code: 200,
      data: { id: stored[0]!.data.id },
    });
    expect(await ledgerRows(a)).toHaveLength(3);
  });

  it('one batch of 20 with 3 left stores the first 3 in batch order (the writer groups sends like this)', async () => {
    const a = await vip();
    const b = await member(t.app);
    const url = await uploadVideo(a);
    await setLeft(a, 3);
    const items = Array.from({ length: 20 }, (_, n) => ({
      clientId: randomUUID(),
      senderId: a.id,
      toId: b.id,
      type: 8,
      msg: url,
      lang: '',
      media: { cover: `/uploads/c${n}.jpg` },
    }));
    const outcomes = await t.app.amity.db.transaction().execute((trx) => storeBatch(trx, items, clock.now));
    expect(outcomes.map((o) => o.kind)).toEqual([...Array(3).fill('stored'), ...Array(17).fill('refused')]);
    expect(await storedVideos(a)).toBe(3);
    expect((await info(a)).monthVideoCount).toBe(0);
    const { rows } = await sql<{ n: number }>`select n from chat_unread where user_id = ${b.id}`.execute(
      t.app.amity.db,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('resets on the first day of each UTC month with the controllable clock; senior has 3, VIP 10', async () => {
    const a = await vip('高级会员');
    const v = await vip('VIP');
    const b = await member(t.app);
    const url = await uploadVideo(a);
    clock.now = new Date('2026-03-31T23:59:00Z');
    await setLeft(a, 0);
    expect((await info(a)).monthVideoCount).toBe(0);
    expect((await info(v)).monthVideoCount).toBe(10);
    const socket = await t.open(a.token);
    const late = randomUUID();
    socket.send(video(b.id, url, late));
    expect((await answers(socket, [late]))[0]).toMatchObject({ code: 402, message: NO_VIDEOS_LEFT });
    clock.now = new Date('2026-04-01T00:00:01Z');
    expect((await info(a)).monthVideoCount).toBe(3);
    const ids = Array.from({ length: 4 }, () => randomUUID());
    for (const id of ids) socket.send(video(b.id, url, id));
    const frames = await answers(socket, ids);
    expect(frames.map((f) => f.code).sort()).toEqual([200, 200, 200, 402]);
    expect((await info(a)).monthVideoCount).toBe(0);
    const { rows } = await sql<{ month_video_month: string }>`
      select month_video_month from users where id = ${a.id}`.execute(t.app.amity.db);
    expect(rows[0]!.month_video_month).toBe('2026-04');
    clock.now = new Date('2026-03-30T10:00:00Z');
  });

  it('a non-member is told videos come with a membership, at upload and on the socket; staff are unlimited', async () => {
    const plain = await member(t.app);
    const b = await member(t.app);
    const res = await postUpload(t.app, '/video', makeMp4({ seconds: 3 }), {
      token: plain.token,
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(res.json()).toMatchObject({ code: 402, message: VIDEOS_NEED_MEMBERSHIP });
    // A video someone else uploaded, sent by the non-member: refused on the socket, nothing stored.
    const url = await uploadVideo(await vip());
    const socket = await t.open(plain.token);
    const id = randomUUID();
    socket.send(video(b.id, url, id));
    expect((await answers(socket, [id]))[0]).toMatchObject({ code: 402, message: VIDEOS_NEED_MEMBERSHIP });
    expect(await storedVideos(plain)).toBe(0);

    const staff = await member(t.app);
    await sql`update users set staff_account = true where id = ${staff.id}`.execute(t.app.amity.db);
    const staffSocket = await t.open(staff.token);
    const many = Array.from({ length: 5 }, () => randomUUID());
    for (const c of many) staffSocket.send(video(b.id, url, c));
    expect((await answers(staffSocket, many)).every((f) => f.code === 200)).toBe(true);
    expect(await ledgerRows(staff)).toEqual([]);
  });

  it('voice notes are free for everyone; a type needs its own kind of file, and a file we never stored is 400', async () => {
    const plain = await member(t.app);
    const b = await member(t.app);
    const res = await postUpload(t.app, '/voice', makeWebm({ seconds: 4, declared: false, video: false }), {
      token: plain.token,
      filename: 'voice.webm',
      type: 'audio/webm;codecs=opus',
    });
    expect(res.statusCode).toBe(200);
    const voice = res.json().data as { url: string; duration: number; size: number };
    expect(voice.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.weba$/);
    expect(voice.duration).toBe(4);
    const socket = await t.open(plain.token);
    const send = async (data: Record<string, unknown>) => {
      const clientId = randomUUID();
      socket.send({ action: 'chart', data: { toId: b.id, clientId, ...data } });
      return (await answers(socket, [clientId]))[0]!;
    };
    const ok = await send({ type: 9, msg: voice.url, media: { peaks: [1, 50, 100] } });
    expect(ok).toMatchObject({
      code: 200,
      data: { type: 9, media: { duration: 4, size: voice.size, peaks: [1, 50, 100] } },
    });
    expect(await send({ type: 8, msg: voice.url })).toMatchObject({ code: 400 });
    expect(await send({ type: 9, msg: `/uploads/${'a'.repeat(64)}.weba` })).toMatchObject({
      code: 400,
      message: 'msg: this file is not a video or voice note uploaded here',
    });
    expect(await send({ type: 9, msg: voice.url, media: { peaks: [101] } })).toMatchObject({ code: 400 });
    expect(await send({ type: 1, msg: 'hi', media: {} })).toMatchObject({ code: 400 });
    // History carries the media object.
    const history = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/history/${b.id}`,
      headers: bearer(plain.token),
    });
    expect((history.body.data as { media?: unknown }[]).at(-1)?.media).toMatchObject({ duration: 4 });
  });
});
