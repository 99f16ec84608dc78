import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, makeApp, md5, type TestApp } from '../test-helper.ts';
import { WindowLimiter } from './rate-limit.ts';

describe('WindowLimiter', () => {
  it('allows `limit` hits a window, then tells how long to wait', () => {
    const limiter = new WindowLimiter(2, 60_000);
    expect(limiter.hit('k', 0)).toEqual({ allowed: true, retryAfter: 0 });
    expect(limiter.hit('k', 1_000)).toEqual({ allowed: true, retryAfter: 0 });
    expect(limiter.hit('k', 10_500)).toEqual({ allowed: false, retryAfter: 50 });
    expect(limiter.hit('other', 10_500).allowed).toBe(true);
    expect(limiter.hit('k', 60_000)).toEqual({ allowed: true, retryAfter: 0 });
  });

  it('peek tells without counting', () => {
    const limiter = new WindowLimiter(2, 60_000);
    expect(limiter.peek('k', 0).allowed).toBe(true);
    limiter.hit('k', 0);
    expect(limiter.peek('k', 1).allowed).toBe(true);
    limiter.hit('k', 1);
    expect(limiter.peek('k', 30_000)).toEqual({ allowed: false, retryAfter: 30 });
    expect(limiter.peek('k', 30_000)).toEqual({ allowed: false, retryAfter: 30 });
    expect(limiter.peek('k', 60_000).allowed).toBe(true);
  });

  it('never asks to wait less than a second', () => {
    const limiter = new WindowLimiter(1, 1_000);
    limiter.hit('k', 0);
    expect(limiter.hit('k', 999)).toEqual({ allowed: false, retryAfter: 1 });
  });
});

describe('auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMIT_AUTH_PER_MIN: '5', RATE_LIMIT_ACCOUNT_PER_MIN: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('per account: the 4th login for one keyword in a minute is 429 with Retry-After', async () => {
    const attempt = (keyword: string) =>
      call(t.app, { method: 'POST', url: `${API}/login`, payload: { keyword, password: md5('x') } });
    for (let i = 0; i < 3; i++) expect((await attempt('victim')).status).toBe(400);
    const limited = await attempt('VICTIM');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({
      code: 429,
      message: `Too many attempts, try again in ${limited.headers['retry-after']} seconds`,
      data: null,
    });
  });

  it('per IP: the 6th attempt from one address is 429 whatever the account', async () => {
    const from = (ip: string, i: number) =>
      call(t.app, { method: 'POST', url: `${API}/code`, remoteAddress: ip, payload: { email: `m${i}@example.com` } });
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.9', i)).status).toBe(200);
    const limited = await from('10.0.0.9', 99);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('10.0.0.10', 100)).status).toBe(200);
  });

  it('register is limited too, before any member is created', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await call(t.app, { method: 'POST', url: `${API}/register`, remoteAddress: '10.0.0.50', payload: {} }))
        .status;
    }
    expect(last).toBe(429);
  });
});

describe('behind a proxy (TRUST_PROXY, README "Several instances")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMIT_AUTH_PER_MIN: '2', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const via = (remoteAddress: string, forwardedFor: string, i: number) =>
    call(t.app, {
      method: 'POST',
      url: `${API}/code`,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `p${i}@example.com` },
    });

  it('counts each member behind the trusted proxy by the address it forwards', async () => {
    for (let i = 0; i < 2; i++) expect((await via('127.0.0.1', '203.0.113.7', i)).status).toBe(200);
    expect((await via('127.0.0.1', '203.0.113.7', 2)).status).toBe(429);
    // Another member through the same proxy has their own count.
    expect((await via('127.0.0.1', '203.0.113.8', 3)).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    for (let i = 10; i < 12; i++) expect((await via('198.51.100.1', `192.0.2.${i}`, i)).status).toBe(200);
    expect((await via('198.51.100.1', '192.0.2.99', 12)).status).toBe(429);
  });
});
