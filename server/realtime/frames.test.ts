import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listeningTestApp, member, TestSocket } from './socket-test-client.ts';

const t = listeningTestApp();
const { open } = t;

const text = (msg: unknown, extra: Record<string, unknown> = {}) => ({
  toId: 0,
  type: 1,
  msg,
  lang: 'en',
  clientId: randomUUID(),
  ...extra,
});

describe('bad frames get an error on the same socket, which stays open', () => {
  it('answers every bad frame with the right code and message', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const s = await open(a.token);
    const good = (extra: Record<string, unknown> = {}) => text('hello', { toId: b.id, ...extra });
    const cases: [unknown, number, RegExp][] = [
      ['not json', 400, /JSON/],
      ['[1,2]', 400, /JSON object/],
      [{ action: 'dance', data: {} }, 400, /Unknown action 'dance'/],
      [{ data: {} }, 400, /Unknown action/],
      [{ action: 'chart' }, 400, /chart: data must be an object/],
      [{ action: 'chart', data: { ...good(), toId: undefined } }, 400, /toId/],
      [{ action: 'chart', data: { ...good(), toId: 'seven' } }, 400, /toId must be a user id/],
      [{ action: 'chart', data: { ...good(), clientId: 'abc' } }, 400, /clientId must be a UUID/],
      [{ action: 'chart', data: { ...good(), msg: 5 } }, 400, /msg must be a string/],
      [{ action: 'chart', data: { ...good(), toId: a.id } }, 400, /yourself/],
      [{ action: 'chart', data: { ...good(), toId: 987_654 } }, 404, /^No such member$/],
      [{ action: 'chart', data: { ...good(), msg: '' } }, 400, /msg must not be empty/],
      [{ action: 'chart', data: { ...good(), msg: ' \n\t ' } }, 400, /msg must not be empty/],
      [{ action: 'chart', data: { ...good(), msg: 'x'.repeat(2001) } }, 400, /at most 2000/],
      [
        { action: 'chart', data: { ...good(), type: 3 } },
        400,
        /type must be 1 \(text\), 2 \(image\), 8 \(video\) or 9 \(voice\)/,
      ],
      [{ action: 'chart', data: { ...good(), type: 3 } }, 400, /type must be 1/],
      [{ action: 'chart', data: { ...good(), type: 2, msg: 'javascript:alert(1)' } }, 400, /URL of an uploaded image/],
      [{ action: 'read', data: { senderId: -1 } }, 400, /senderId/],
      [{ action: 'read', data: { senderId: a.id } }, 400, /your own/],
      [{ action: 'block', data: { receiverId: b.id } }, 400, /block must be true or false/],
      [{ action: 'trans', data: { msgId: 1, lang: 'es' } }, 503, /^Translation is not available$/],
      [{ action: 'chart', data: { ...good(), msg: 'y'.repeat(70 * 1024) } }, 413, /at most 64 KiB/],
    ];
    for (const [frame, code, message] of cases) {
      s.send(frame);
      const answer = await s.next((f) => f.code !== 200);
      expect({ frame, code: answer.code }).toEqual({ frame, code });
      expect(answer.message).toMatch(message);
      const action = typeof frame === 'object' && frame !== null ? (frame as { action?: string }).action : undefined;
      if (action) expect(answer.action).toBe(action);
    }
    await s.roundTrip();
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    // 2,000 characters is allowed, and a refused message echoes its clientId so the client can fail that bubble.
    const ok = good({ msg: 'z'.repeat(2000) });
    s.send({ action: 'chart', data: ok });
    expect(await s.next((f) => f.action === 'chart')).toMatchObject({ code: 200, data: { clientId: ok.clientId } });
    const bad = good({ msg: '' });
    s.send({ action: 'chart', data: bad });
    expect(await s.next((f) => f.action === 'chart')).toMatchObject({ code: 400, data: { clientId: bad.clientId } });
    const stored = await t.app.amity.db.selectFrom('messages').select('msg').where('sender_id', '=', a.id).execute();
    expect(stored.map((r) => r.msg.length)).toEqual([2000]);
  });

  it('closes with 1009 a frame above the hard cap (1 MiB)', async () => {
    const a = await member(t.app);
    const s = await open(a.token);
    s.send('x'.repeat(1024 * 1024 + 10));
    expect((await s.closed).code).toBe(1009);
  });
});

describe('sign-in', () => {
  it('a bad token gets {code: 401} and the socket is closed', async () => {
    const s = await open('x'.repeat(43));
    s.send({ action: 'ping', data: {} });
    expect(await s.next()).toMatchObject({ code: 401 });
    expect((await s.closed).code).toBe(4401);
    expect(s.frames).toEqual([]); // the early ping got no pong
  });

  it('refuses a foreign origin before the upgrade', async () => {
    const a = await member(t.app);
    await expect(TestSocket.open(t.server.wsUrl(a.token), 'https://evil.example')).rejects.toThrow(/403/);
  });
});
