import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { makeApp, register, type TestApp } from '../test-helper.ts';
import { isAllowedOrigin } from './origin.ts';

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}

describe('isAllowedOrigin', () => {
  it('allows our own origin, listed origins and clients without Origin', () => {
    expect(isAllowedOrigin('http://localhost:8080', 'localhost:8080', [])).toBe(true);
    expect(isAllowedOrigin(undefined, 'localhost:8080', [])).toBe(true);
    expect(isAllowedOrigin('https://app.example', 'localhost:8080', ['https://app.example'])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'localhost:8080', ['https://app.example'])).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:8080', [])).toBe(false);
  });
});

describe('/ws/{token}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends code 401 and closes for an unknown token', async () => {
    const ws = await t.app.injectWS(`/ws/${'x'.repeat(43)}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(await nextMessage(ws)).toMatchObject({ code: 401 });
    expect(await closed).toBe(4401);
  });

  it('keeps a signed-in socket open and answers ping with pong', async () => {
    const m = await register(t.app);
    const ws = await t.app.injectWS(`/ws/${m.token}`);
    ws.send(JSON.stringify({ action: 'ping', data: {} }));
    expect(await nextMessage(ws)).toMatchObject({ action: 'pong', code: 200 });
    ws.send('not json');
    expect(await nextMessage(ws)).toMatchObject({ code: 400 });
    expect(ws.readyState).toBe(ws.OPEN);
    ws.terminate();
  });
});
