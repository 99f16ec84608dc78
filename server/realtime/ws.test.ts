import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.ts';
import { makeApp, register, type TestApp } from '../test-helper.ts';
import { isAllowedOrigin } from './origin.ts';
import { listen } from './socket-test-client.ts';

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}

const OURS = 'http://127.0.0.1:8080';

describe('isAllowedOrigin', () => {
  it('allows exactly the configured origins', () => {
    expect(isAllowedOrigin(OURS, [OURS])).toBe(true);
    expect(isAllowedOrigin('https://app.example', [OURS, 'https://app.example'])).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['null (sandboxed frames, file: pages)', 'null'],
    ['another site', 'https://evil.example'],
    ['another scheme', 'https://127.0.0.1:8080'],
    ['another port', 'http://127.0.0.1:8081'],
    ['no port', 'http://127.0.0.1'],
    ['a suffix on the host', 'http://127.0.0.1:8080.evil.com'],
    ['a prefix on the host', 'http://evil127.0.0.1:8080'],
    ['a subdomain', 'http://evil.127.0.0.1:8080'],
    ['userinfo', 'http://127.0.0.1:8080@evil.com'],
    ['a path', 'http://127.0.0.1:8080/x'],
    ['a trailing slash', 'http://127.0.0.1:8080/'],
    ['upper case', 'HTTP://127.0.0.1:8080'],
    ['two origins in one header', `${OURS}, https://evil.example`],
    ['empty', ''],
  ])('refuses %s', (_, origin) => {
    expect(isAllowedOrigin(origin, [OURS])).toBe(false);
  });
});

describe('socket origins in the config', () => {
  const base = { DATABASE_URL: 'memory://', DEMO: '0' };

  it('derives the public origin from HOST and PORT, adding loopback names only in development', () => {
    const test = loadConfig({ ...base, NODE_ENV: 'test', PORT: '9000' });
    expect(test.publicOrigin).toBe('http://127.0.0.1:9000');
    expect(test.socketOrigins).toEqual(['http://127.0.0.1:9000']);
    const dev = loadConfig({ ...base, PORT: '9000' });
    expect(dev.socketOrigins).toEqual([
      'http://127.0.0.1:9000',
      'http://localhost:9000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(loadConfig({ ...base, NODE_ENV: 'test', HOST: '0.0.0.0' }).publicOrigin).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...base, NODE_ENV: 'test', HOST: '::1' }).publicOrigin).toBe('http://[::1]:8080');
  });

  it('takes PUBLIC_ORIGIN and ALLOWED_ORIGINS in the form browsers send', () => {
    const c = loadConfig({
      ...base,
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: 'https://Amity.Example:443/',
      ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/',
    });
    expect(c.publicOrigin).toBe('https://amity.example');
    expect(c.socketOrigins).toEqual(['https://amity.example', 'https://a.example', 'http://b.example:8080']);
  });

  it.each([
    'amity.example',
    'ftp://amity.example',
    'https://amity.example/app',
    'https://amity.example?x=1',
    'https://user@amity.example',
    'null',
  ])('refuses PUBLIC_ORIGIN %s', (value) => {
    expect(() => loadConfig({ ...base, PUBLIC_ORIGIN: value })).toThrow(`PUBLIC_ORIGIN: '${value}' is not an origin`);
  });
});

describe('/ws/{token}', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await makeApp({ PUBLIC_ORIGIN: 'https://amity.example', ALLOWED_ORIGINS: 'https://partner.example' });
    url = (await listen(t.app)).url.replace('http', 'ws');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The handshake's answer: 101 when the socket opened, else the HTTP status. */
  function handshake(token: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}/ws/${token}`, { headers, perMessageDeflate: false });
      ws.once('open', () => {
        ws.terminate();
        resolve(101);
      });
      ws.once('unexpected-response', (_, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        ws.terminate();
      });
      ws.once('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });
  }

  it('opens for the public origin and ALLOWED_ORIGINS only', async () => {
    const m = await register(t.app);
    expect(await handshake(m.token, { origin: 'https://amity.example' })).toBe(101);
    expect(await handshake(m.token, { origin: 'https://partner.example' })).toBe(101);
  });

  it.each([
    ['an Origin equal to a spoofed Host', { host: 'evil.example', origin: 'http://evil.example' }],
    ['an Origin equal to the real Host', { origin: 'http://127.0.0.1' }],
    ['no Origin', {}],
    ['Origin null', { origin: 'null' }],
    ['another scheme', { origin: 'http://amity.example' }],
    ['another port', { origin: 'https://amity.example:8443' }],
    ['a suffix', { origin: 'https://amity.example.evil.com' }],
    ['a prefix', { origin: 'https://evilamity.example' }],
    ['a trailing slash', { origin: 'https://amity.example/' }],
  ])('refuses %s with 403 before the upgrade', async (_, headers: Record<string, string>) => {
    const m = await register(t.app);
    expect(await handshake(m.token, headers)).toBe(403);
  });

  it('refuses the Host trick on the bound port too', async () => {
    const m = await register(t.app);
    const host = new URL(url).host;
    expect(await handshake(m.token, { host, origin: `http://${host}` })).toBe(403);
  });

  it('sends code 401 and closes for an unknown token', async () => {
    const ws = await t.app.injectWS(`/ws/${'x'.repeat(43)}`, { headers: { origin: 'https://amity.example' } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(await nextMessage(ws)).toMatchObject({ code: 401 });
    expect(await closed).toBe(4401);
  });

  it('keeps a signed-in socket open and answers ping with pong', async () => {
    const m = await register(t.app);
    const ws = await t.app.injectWS(`/ws/${m.token}`, { headers: { origin: 'https://amity.example' } });
    ws.send(JSON.stringify({ action: 'ping', data: {} }));
    expect(await nextMessage(ws)).toMatchObject({ action: 'pong', code: 200 });
    ws.send('not json');
    expect(await nextMessage(ws)).toMatchObject({ code: 400 });
    expect(ws.readyState).toBe(ws.OPEN);
    ws.terminate();
  });
});
