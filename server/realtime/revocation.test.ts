/**
 * Issue 7 item 1: a socket must not outlive its token. Each way a token dies (logout, password change, reset) closes
 * the sockets it opened at once, with a 401 frame then close 4401, on every instance sharing the bus; and a closed
 * socket neither sends nor receives any more.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOverrides, buildApp } from '../app.ts';
import { revokeSession } from '../modules/auth/auth.repository.ts';
import { hashToken } from '../modules/auth/auth.rules.ts';
import { API, bearer, call, latestCode, login, makeApp, md5, type TestApp, testConfig } from '../test-helper.ts';
import { createInProcessBus } from './bus.ts';
import { type ListeningApp, listen, listeningTestApp, member, type TestSocket } from './socket-test-client.ts';

const t = listeningTestApp();

const message = (toId: number, msg: string, clientId: string = randomUUID()) => ({
  action: 'chart',
  data: { toId, type: 1, msg, lang: 'en', clientId },
});

/** The socket got `{code: 401}` as its last frame and was closed 4401 by the server. */
async function expectRevoked(s: TestSocket): Promise<void> {
  const closed = await s.closed;
  expect(closed.code).toBe(4401);
  expect(s.frames.at(-1)).toMatchObject({ code: 401, message: 'Please sign in' });
}

async function messagesFrom(senderId: number): Promise<string[]> {
  const rows = await t.app.amity.db.selectFrom('messages').select('msg').where('sender_id', '=', senderId).execute();
  return rows.map((r) => r.msg);
}

async function secondToken(username: string): Promise<string> {
  const res = await login(t.app, username, md5('secret123'));
  expect(res.status).toBe(200);
  return res.body.data as string;
}

describe('logout', () => {
  it('closes every socket of that token at once; another token of the member keeps its socket', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const other = await secondToken(a.username);
    const [s1, s1b, s2, sb] = await Promise.all([t.open(a.token), t.open(a.token), t.open(other), t.open(b.token)]);
    await Promise.all([s1, s1b, s2, sb].map((s) => s.roundTrip()));

    const out = await call(t.app, { method: 'POST', url: `${API}/logout`, headers: bearer(a.token) });
    expect(out.body.code).toBe(200);
    await Promise.all([expectRevoked(s1), expectRevoked(s1b)]);
    await s2.roundTrip();
    await sb.roundTrip();

    // Messages to the member still reach the socket of the other token, and only that one.
    const clientId = randomUUID();
    sb.send(message(a.id, 'after logout', clientId));
    await s2.next((f) => f.action === 'chart' && f.data?.clientId === clientId);
    expect(s1.frames.filter((f) => f.action === 'chart')).toEqual([]);

    // The dead token cannot open a new socket either.
    const again = await t.open(a.token);
    await expectRevoked(again);
  });

  it('a frame sent the moment the 401 arrives is not handled: nothing stored, nothing delivered', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const s = await t.open(a.token);
    const sb = await t.open(b.token);
    await Promise.all([s.roundTrip(), sb.roundTrip()]);
    // An attacker's client keeps writing instead of honouring the close.
    s.ws.on('message', () => {
      if (s.ws.readyState === s.ws.OPEN) s.send(message(b.id, 'sneaked in after revocation'));
    });
    await call(t.app, { method: 'POST', url: `${API}/logout`, headers: bearer(a.token) });
    await expectRevoked(s);
    await sb.roundTrip();
    expect(await messagesFrom(a.id)).toEqual([]);
    expect(sb.frames.filter((f) => f.action === 'chart')).toEqual([]);
  });
});

describe('a token revoked while its socket signs in', () => {
  it('is caught by the second look after joining, though the announcement came before the join', async () => {
    const a = await member(t.app);
    const ctx = t.app.amity;
    const realDb = ctx.db;
    // The session read answers "alive", and only then is the token revoked and the revocation announced: the exact
    // interleaving where the announcement finds no socket to close.
    let raced = false;
    type Executor = ReturnType<typeof realDb.getExecutor>;
    const revokeAfterRead = (executor: Executor): Executor =>
      new Proxy(executor, {
        get(obj, key, receiver) {
          const value = Reflect.get(obj, key, receiver);
          if (key !== 'executeQuery') return typeof value === 'function' ? value.bind(obj) : value;
          return async (...args: Parameters<Executor['executeQuery']>) => {
            const result = await obj.executeQuery(...args);
            // Only the socket's sign-in reads sessions meanwhile.
            if (!raced && /\bfrom sessions\b/.test(args[0].sql)) {
              raced = true;
              await revokeSession(realDb, hashToken(a.token));
              ctx.hub.revokeTokens([hashToken(a.token)]);
              ctx.db = realDb;
            }
            return result;
          };
        },
      });
    ctx.db = new Proxy(realDb, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (key !== 'getExecutor') return typeof value === 'function' ? value.bind(obj) : value;
        return () => revokeAfterRead(obj.getExecutor());
      },
    });
    try {
      const s = await t.open(a.token);
      await expectRevoked(s);
      expect(raced).toBe(true);
    } finally {
      ctx.db = realDb;
    }
  });
});

describe('password change and reset end the sockets of the member', () => {
  it('a password change closes the sockets of every other token and keeps this one; other members stay', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const other = await secondToken(a.username);
    const third = await secondToken(a.username);
    const [s1, s2, s3, sb] = await Promise.all([t.open(a.token), t.open(other), t.open(third), t.open(b.token)]);
    await Promise.all([s1, s2, s3, sb].map((s) => s.roundTrip()));
    const res = await call(t.app, {
      method: 'PUT',
      url: `${API}/password`,
      headers: bearer(a.token),
      payload: { oldPassword: md5('secret123'), newPassword: md5('changed123') },
    });
    expect(res.body.code).toBe(200);
    await Promise.all([expectRevoked(s2), expectRevoked(s3)]);
    // The socket of the device that changed it keeps working.
    await s1.roundTrip();
    await sb.roundTrip();
    // Signing in again with the new password gives a token whose socket works.
    const fresh = await login(t.app, a.username, md5('changed123'));
    const s4 = await t.open(fresh.body.data as string);
    await s4.roundTrip();
  });

  it('a password reset closes the sockets of every token', async () => {
    const a = await member(t.app);
    const info = await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(a.token) });
    const { email } = info.body.data as { email: string };
    const other = await secondToken(a.username);
    const [s1, s2] = await Promise.all([t.open(a.token), t.open(other)]);
    await Promise.all([s1.roundTrip(), s2.roundTrip()]);
    await call(t.app, { method: 'POST', url: `${API}/code`, payload: { email } });
    const code = await latestCode(t.app.amity.config.dataDir, email);
    const res = await call(t.app, {
      method: 'POST',
      url: `${API}/reset`,
      payload: { email, code, password: md5('reset1234') },
    });
    expect(res.body.code).toBe(200);
    await Promise.all([expectRevoked(s1), expectRevoked(s2)]);
  });
});

describe('across instances sharing one bus', () => {
  const bus = createInProcessBus();
  let one: TestApp;
  let two: Awaited<ReturnType<typeof buildApp>>;
  let onTwo: ListeningApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const overrides: AppOverrides = { bus };
    one = await makeApp({}, overrides);
    // The second instance: its own process state, the same database and bus.
    two = await buildApp(testConfig(), { ...overrides, database: one.database });
    onTwo = await listen(two);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await two?.close();
    await one?.close();
    await bus.close();
  });
  const openOnTwo = async (token: string) => {
    const s = await onTwo.open(token);
    sockets.push(s);
    return s;
  };

  it('logout on one instance closes the token’s sockets on the other', async () => {
    const a = await member(one.app);
    const keep = (await login(one.app, a.username, md5('secret123'))).body.data as string;
    const [s, kept] = await Promise.all([openOnTwo(a.token), openOnTwo(keep)]);
    await Promise.all([s.roundTrip(), kept.roundTrip()]);
    await call(one.app, { method: 'POST', url: `${API}/logout`, headers: bearer(a.token) });
    await expectRevoked(s);
    await kept.roundTrip();
  });

  it('a password change on one instance closes the other sockets of the member on the other, not its own', async () => {
    const a = await member(one.app);
    const s = await openOnTwo(a.token);
    const other = (await login(one.app, a.username, md5('secret123'))).body.data as string;
    const o = await openOnTwo(other);
    await Promise.all([s.roundTrip(), o.roundTrip()]);
    await call(one.app, {
      method: 'PUT',
      url: `${API}/password`,
      headers: bearer(a.token),
      payload: { oldPassword: md5('secret123'), newPassword: md5('changed123') },
    });
    await expectRevoked(o);
    await s.roundTrip();
  });
});
