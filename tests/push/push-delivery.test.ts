/**
 * Web Push end to end: the real server (`node server/main.ts`) trusts a stand-in push service on https loopback
 * through NODE_EXTRA_CA_CERTS; each push's VAPID JWT is checked and its aes128gcm body decrypted with the keys a
 * "browser" made here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '#protocol/push.ts';
import { call, type Member, md5, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type BrowserSubscription, type PushService, startPushService, verifyVapid } from '../support/push-service.ts';
import { openSocket, type TestSocket } from '../support/socket.ts';

let pushService: PushService;
let server: AppServer;
let vapidKey: string;
let alice: Member;
let bob: Member;

const raw = (method: string, path: string, body: unknown, token?: string) =>
  fetch(`${server.url}/h5-api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const subscribe = (member: Member, sub: Pick<BrowserSubscription, 'endpoint' | 'keys'>, events?: string[]) =>
  call(server.url, 'POST', '/api/push/subscription', { endpoint: sub.endpoint, keys: sub.keys, events }, member.token);

const sentTo = (sub: BrowserSubscription) =>
  pushService.requests.filter((r) => r.path === new URL(sub.endpoint).pathname);

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const quiet = (ms = 800) => new Promise((r) => setTimeout(r, ms));

/** Waits for the `n`th push to `sub`, checks its headers and VAPID JWT, and answers its decrypted payload. */
async function pushNumber(sub: BrowserSubscription, n: number, urgency: 'high' | 'normal'): Promise<PushPayload> {
  await until(() => sentTo(sub).length >= n, `push ${n} to ${sub.endpoint}`);
  const request = sentTo(sub)[n - 1]!;
  expect(request.headers.ttl).toBe(String(48 * 3600));
  expect(request.headers.urgency).toBe(urgency);
  expect(request.headers['content-encoding']).toBe('aes128gcm');
  expect(request.body.length).toBeLessThanOrEqual(4096);
  verifyVapid(String(request.headers.authorization), vapidKey, pushService.origin);
  const text = sub.decrypt(request.body);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(3072);
  return JSON.parse(text) as PushPayload;
}

beforeAll(async () => {
  pushService = await startPushService();
  // DEMO: the demo's staff account (`moderator`) suspends a member in one test.
  server = await startAppServer({ NODE_EXTRA_CA_CERTS: pushService.caFile, NODE_ENV: 'development', DEMO: '1' });
  vapidKey = await call<string>(server.url, 'GET', '/api/push/key');
  [alice, bob] = await Promise.all([registerMember(server.url, 'push_alice'), registerMember(server.url, 'push_bob')]);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

describe('Web Push', () => {
  it('serves the VAPID key made on first start and kept in DATA_DIR', () => {
    const kept = JSON.parse(readFileSync(join(server.dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(vapidKey).toBe(kept.publicKey);
    expect(Buffer.from(vapidKey, 'base64url')).toHaveLength(65);
  });

  it('accepts only https endpoints and well-formed keys', async () => {
    const good = pushService.subscription('shape');
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint must be an https URL'],
      [{ ...good, endpoint: 'https://user:pw@push.example/x' }, 'endpoint must be an https URL'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.auth } }, 'keys.p256dh must be a base64url P-256'],
      [{ ...good, keys: { ...good.keys, auth: 'a+b/' } }, 'keys.auth must be 16 bytes'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, events: ['message', 'poke'] }, 'events may hold only'],
    ];
    for (const [body, message] of cases) {
      const res = await raw('POST', '/api/push/subscription', body, alice.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    expect((await raw('POST', '/api/push/subscription', good, undefined)).status).toBe(401);
    expect((await raw('DELETE', '/api/push/subscription', { endpoint: 'ftp://x' }, alice.token)).status).toBe(400);
  });

  it('pushes a message, a like, a visit and a gift to a member with no socket', async () => {
    const phone = pushService.subscription('bob-phone');
    await subscribe(bob, phone);
    const socket = await openSocket(server.url, alice.token);
    socket.send(bob.id, 'Hello Bob, are you there?');
    const message = await pushNumber(phone, 1, 'high');
    expect(message).toMatchObject({
      event: 'message',
      from: { id: alice.id, name: 'push_alice' },
      msgType: 1,
      text: 'Hello Bob, are you there?',
      unread: 1,
    });
    expect(message.msgId).toBeGreaterThan(0);

    await call(server.url, 'POST', '/api/user/like/add', { userId: bob.id, like: true }, alice.token);
    expect(await pushNumber(phone, 2, 'normal')).toEqual({
      event: 'like',
      from: { id: alice.id, name: 'push_alice', avatar: expect.any(String) },
    });
    await call(server.url, 'POST', '/api/user/visitor/add', { userId: bob.id }, alice.token);
    expect(await pushNumber(phone, 3, 'normal')).toMatchObject({ event: 'visit', from: { id: alice.id } });
    // Told once in a while, however often she looks.
    await call(server.url, 'POST', '/api/user/visitor/add', { userId: bob.id }, alice.token);

    const { payloadKey } = await call<{ payloadKey: string }>(server.url, 'GET', '/api/pay/config');
    const gold = (await call<{ id: number }[]>(server.url, 'GET', '/api/system/gold/spec/all'))[0]!;
    const buy = <T>(body: Record<string, unknown>) =>
      call<T>(
        server.url,
        'POST',
        `/api/buy/gold/${bob.id}`,
        {
          data: CryptoJS.AES.encrypt(
            JSON.stringify({ payInfo: {}, goldPay: false, id: gold.id, ...body }),
            payloadKey,
          ).toString(),
        },
        alice.token,
      );
    const { orderId } = await buy<{ orderId: string }>({ paypalStatus: 1 });
    await call(
      server.url,
      'POST',
      `/api/pay/sandbox/orders/${orderId}/approve`,
      { cardNumber: '4111111111111111' },
      alice.token,
    );
    await buy({ orderId, paypalStatus: 4 });
    const gift = await pushNumber(phone, 4, 'normal');
    expect(gift).toMatchObject({ event: 'gift', from: { id: alice.id } });
    expect([3, 4, 5, 6]).toContain(gift.msgType);
    expect(gift.text).toBeUndefined();
    await quiet();
    expect(sentTo(phone)).toHaveLength(4);
    socket.close();
  }, 60_000);

  it('sends nothing while the member has a live socket, and again once it closed', async () => {
    const tablet = pushService.subscription('bob-tablet');
    await subscribe(bob, tablet, ['message']);
    const bobSocket = await openSocket(server.url, bob.token);
    const aliceSocket = await openSocket(server.url, alice.token);
    aliceSocket.send(bob.id, 'You are online');
    await bobSocket.waitFor((f) => f.some((x) => (x.data as { msg?: string })?.msg === 'You are online'), 'the frame');
    await quiet();
    expect(sentTo(tablet)).toHaveLength(0);
    bobSocket.close();
    await quiet(300);
    aliceSocket.send(bob.id, 'Now you are not');
    expect(await pushNumber(tablet, 1, 'high')).toMatchObject({ text: 'Now you are not' });
    // Only the events the device asked for.
    await call(server.url, 'POST', '/api/user/like/add', { userId: bob.id, like: true }, alice.token);
    await quiet();
    expect(sentTo(tablet)).toHaveLength(1);
    aliceSocket.close();
  }, 30_000);

  it('sends nothing from a blocked member', async () => {
    const carol = await registerMember(server.url, 'push_carol');
    const watch = pushService.subscription('bob-watch');
    await subscribe(bob, watch, ['like', 'visit']);
    const bobSocket = await openSocket(server.url, bob.token);
    await blockFrame(bobSocket, carol.id, true);
    bobSocket.close();
    await quiet(300);
    await call(server.url, 'POST', '/api/user/like/add', { userId: bob.id, like: true }, carol.token);
    await call(server.url, 'POST', '/api/user/visitor/add', { userId: bob.id }, carol.token);
    // Her message is refused ('You have been blocked') and pushes nothing to Bob's devices that take messages.
    const toBob = () => pushService.requests.filter((r) => r.path.startsWith('/push/bob-')).length;
    const before = toBob();
    const carolSocket = await openSocket(server.url, carol.token);
    carolSocket.send(bob.id, 'Let me in');
    await carolSocket.waitFor((f) => f.some((x) => x.action === 'chart' && x.code !== 200), 'the refusal');
    carolSocket.close();
    await quiet();
    expect(sentTo(watch)).toHaveLength(0);
    expect(toBob()).toBe(before);

    const again = await openSocket(server.url, bob.token);
    await blockFrame(again, carol.id, false);
    again.close();
    await quiet(300);
    await call(server.url, 'POST', '/api/user/like/add', { userId: bob.id, like: true }, carol.token);
    expect(await pushNumber(watch, 1, 'normal')).toMatchObject({ event: 'like', from: { id: carol.id } });
  }, 30_000);

  it('sends nothing to a suspended member, and again once restored', async () => {
    const frank = await registerMember(server.url, 'push_frank');
    const pager = pushService.subscription('frank-pager');
    await subscribe(frank, pager, ['message', 'like']);
    const moderator = await call<string>(server.url, 'POST', '/api/system/user/login', {
      keyword: 'moderator',
      password: md5('demo1234'),
    });
    await call(server.url, 'POST', `/api/staff/members/${frank.id}/suspend`, { days: 1, note: 'push test' }, moderator);
    const aliceSocket = await openSocket(server.url, alice.token);
    aliceSocket.send(frank.id, 'Are you there, Frank?');
    await call(server.url, 'POST', '/api/user/like/add', { userId: frank.id, like: true }, alice.token);
    await quiet();
    expect(sentTo(pager)).toHaveLength(0);

    await call(server.url, 'POST', `/api/staff/members/${frank.id}/restore`, {}, moderator);
    aliceSocket.send(frank.id, 'Welcome back');
    expect(await pushNumber(pager, 1, 'high')).toMatchObject({ event: 'message', text: 'Welcome back' });
    aliceSocket.close();
  }, 30_000);

  it('deletes a device the push service forgot (404, 410) and retries other failures', async () => {
    const dave = await registerMember(server.url, 'push_dave');
    const [gone, missing, flaky] = ['gone', 'missing', 'flaky'].map((n) => pushService.subscription(`dave-${n}`)) as [
      BrowserSubscription,
      BrowserSubscription,
      BrowserSubscription,
    ];
    pushService.statuses.set('/push/dave-gone', [410]);
    pushService.statuses.set('/push/dave-missing', [404]);
    pushService.statuses.set('/push/dave-flaky', [500, 503, 201]);
    for (const sub of [gone, missing, flaky]) await subscribe(dave, sub);
    await call(server.url, 'POST', '/api/user/like/add', { userId: dave.id, like: true }, alice.token);
    // The third attempt, after 1 s and 5 s of back-off, is delivered.
    expect(await pushNumber(flaky, 3, 'normal')).toMatchObject({ event: 'like' });
    expect(sentTo(gone)).toHaveLength(1);
    expect(sentTo(missing)).toHaveLength(1);
    await call(server.url, 'POST', '/api/user/visitor/add', { userId: dave.id }, alice.token);
    await pushNumber(flaky, 4, 'normal');
    await quiet();
    expect(sentTo(gone)).toHaveLength(1);
    expect(sentTo(missing)).toHaveLength(1);
  }, 30_000);

  it('keeps at most 10 devices per member, the latest ones, forgets one on DELETE and renews one on PUT', async () => {
    const erin = await registerMember(server.url, 'push_erin');
    const devices = Array.from({ length: 12 }, (_, i) => pushService.subscription(`erin-${i}`));
    for (const sub of devices) await subscribe(erin, sub, ['visit']);
    await call(server.url, 'DELETE', '/api/push/subscription', { endpoint: devices[11]!.endpoint }, erin.token);
    // The worker's pushsubscriptionchange (no token) moves device 10 to a new endpoint, keys and all.
    const renewed = pushService.subscription('erin-renewed');
    await call(server.url, 'PUT', '/api/push/subscription', {
      oldEndpoint: devices[10]!.endpoint,
      endpoint: renewed.endpoint,
      keys: renewed.keys,
    });
    await call(server.url, 'POST', '/api/user/visitor/add', { userId: erin.id }, alice.token);
    await until(() => devices.slice(2, 10).every((d) => sentTo(d).length === 1), 'eight devices');
    expect(await pushNumber(renewed, 1, 'normal')).toMatchObject({ event: 'visit' });
    await quiet();
    expect(devices.map((d) => sentTo(d).length)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  }, 30_000);
});

async function blockFrame(socket: TestSocket, receiverId: number, block: boolean) {
  const before = socket.frames.length;
  socket.sendFrame('block', { receiverId, block });
  await socket.waitFor((f) => f.slice(before).some((x) => x.action === 'block'), 'the block ack');
}
