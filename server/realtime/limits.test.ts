/**
 * Issue 7 item 7 and issue 8: one member cannot saturate the socket server (sockets per member, one 429 a second,
 * floods closed 1008), and the idle close spares active sockets. Time is the app's clock, moved by the tests;
 * `drain()` waits until the server has read what was sent, so no test depends on real time.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { login, md5 } from '../test-helper.ts';
import type { LocalHub } from './hub.ts';
import {
  FLOOD_CLOSE_CODE,
  FLOOD_REASON,
  IDLE_CLOSE_CODE,
  MAX_SOCKETS_PER_MEMBER,
  SOCKET_LIMIT_CLOSE_CODE,
  SOCKET_LIMIT_REASON,
} from './limits.ts';
import { type Frame, listeningTestApp, member, type TestSocket } from './socket-test-client.ts';

let now = Date.parse('2026-03-01T10:00:00Z');
const advance = (ms: number) => {
  now += ms;
};
// 1 frame a second with a burst of 2; idle after 2 s (swept every 200 ms of real time).
const t = listeningTestApp(
  { WS_MSG_PER_SEC: '1', WS_MSG_BURST: '2', WS_IDLE_CLOSE_MS: '2000' },
  { now: () => new Date(now) },
);

const ping = { action: 'ping', data: {} };
/** Sends `n` pings and waits until the server has read them. */
async function burst(s: TestSocket, n: number): Promise<void> {
  for (let i = 0; i < n; i++) s.send(ping);
  await s.drain();
}
const isTooMany = (f: Frame) => f.code === 429;
const isPong = (f: Frame) => f.action === 'pong';
const count = (s: TestSocket, match: (f: Frame) => boolean) => s.frames.filter(match).length;

/** A signed-in socket (its first ping answered), with one frame of its burst left. */
async function signedIn(token: string): Promise<TestSocket> {
  const s = await t.open(token);
  await s.roundTrip();
  return s;
}

describe('frames over the budget', () => {
  it('get one 429 a second at most; the rest are dropped without an answer', async () => {
    const s = await signedIn((await member(t.app)).token);
    await burst(s, 12); // one handled, one 429, ten dropped
    advance(500);
    await burst(s, 5); // half a frame back: all refused, and no second 429 within the second
    expect([count(s, isPong), count(s, isTooMany)]).toEqual([1, 1]);
    advance(600);
    await burst(s, 5); // 1.1 s after the first 429: one handled, one more 429
    expect([count(s, isPong), count(s, isTooMany)]).toEqual([2, 2]);
    expect(s.frames.find(isTooMany)).toEqual({ code: 429, action: 'ping', message: 'Too many messages, slow down' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  it('a socket that keeps flooding past the grace is closed 1008', async () => {
    const s = await signedIn((await member(t.app)).token);
    await burst(s, 5); // over the budget from here
    for (let step = 1; step < 10; step++) {
      advance(500);
      await burst(s, 3);
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    }
    expect(count(s, isTooMany)).toBe(5); // one a second, at 0, 1, 2, 3 and 4 s
    advance(500); // 5 s after it first went over
    s.send(ping);
    s.send(ping);
    expect(await s.closed).toEqual({ code: FLOOD_CLOSE_CODE, reason: FLOOD_REASON });
  });

  it('bursts separated by quiet seconds are never closed', async () => {
    const s = await signedIn((await member(t.app)).token);
    for (let i = 0; i < 6; i++) {
      await burst(s, 4);
      advance(1500); // quiet: the flood is over, and a frame and a half came back
      await s.roundTrip();
    }
    expect(count(s, isTooMany)).toBe(6);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});

describe('idle sockets', () => {
  it('closes a silent socket; one that keeps sending, pings or messages, is never idle', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const [quiet, pinging, chatting] = await Promise.all([t.open(a.token), t.open(a.token), t.open(b.token)]);
    await Promise.all([quiet, pinging, chatting].map((s) => s.roundTrip()));
    const quietClosed = quiet.closed;
    for (let i = 0; i < 5; i++) {
      advance(1200);
      await pinging.roundTrip();
      const clientId = randomUUID();
      chatting.send({ action: 'chart', data: { toId: a.id, type: 1, msg: `still here ${i}`, lang: 'en', clientId } });
      expect(await chatting.next((f) => f.action === 'chart')).toMatchObject({ code: 200, data: { clientId } });
    }
    expect((await quietClosed).code).toBe(IDLE_CLOSE_CODE);
    // 6 s of app time went by: each active socket was silent 1.2 s at most.
    expect([pinging.ws.readyState, chatting.ws.readyState]).toEqual([pinging.ws.OPEN, chatting.ws.OPEN]);
    advance(2100);
    expect((await pinging.closed).code).toBe(IDLE_CLOSE_CODE);
    expect((await chatting.closed).code).toBe(IDLE_CLOSE_CODE);
  });
});

describe(`at most ${MAX_SOCKETS_PER_MEMBER} sockets per member`, () => {
  const hub = () => t.app.amity.hub as LocalHub;

  it('the oldest is closed with its own code when one more opens, whatever token opened them', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const other = (await login(t.app, a.username, md5('secret123'))).body.data as string;
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) sockets.push(await signedIn(i % 2 ? other : a.token));
    const theirs = await signedIn(b.token);
    const newest = await signedIn(other);
    expect(await sockets[0]!.closed).toEqual({ code: SOCKET_LIMIT_CLOSE_CODE, reason: SOCKET_LIMIT_REASON });
    const newer = await signedIn(a.token);
    expect((await sockets[1]!.closed).code).toBe(SOCKET_LIMIT_CLOSE_CODE);
    for (const s of [...sockets.slice(2), newest, newer, theirs]) await s.roundTrip();
    expect(hub().registry.socketsOf(a.id)).toHaveLength(MAX_SOCKETS_PER_MEMBER);
  });

  it('a socket the member closed frees its place', async () => {
    const a = await member(t.app);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) sockets.push(await signedIn(a.token));
    sockets[3]!.ws.close();
    await sockets[3]!.closed;
    await expect.poll(() => hub().registry.socketsOf(a.id).length).toBe(MAX_SOCKETS_PER_MEMBER - 1);
    await signedIn(a.token);
    for (const s of [...sockets.slice(0, 3), ...sockets.slice(4)]) await s.roundTrip();
  });
});
