import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '#protocol/constants.ts';
import { ApiError, cleanQuery, createHttpClient } from './http.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));

function envelope(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' },
  });
}

function setup(respond: (request: Request) => Response, token: string | null = 'tok-1') {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const hooks = {
    getToken: () => token,
    notify: vi.fn(),
    onUnauthorized: vi.fn(),
    onPermissionsChanged: vi.fn(),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    return respond(request);
  });
  const client = createHttpClient({ hooks, fetch: fetch as typeof globalThis.fetch, baseUrl: 'http://amity.test' });
  return { client, hooks, requests, bodies };
}

describe('http envelope', () => {
  it('200 returns data, sends platform, token and JSON headers under /h5-api', async () => {
    const { client, hooks, requests, bodies } = setup(() =>
      envelope(200, { code: 200, message: null, data: { id: 7 } }),
    );
    await expect(client.post('/api/system/user/info', { a: 1 })).resolves.toEqual({ id: 7 });
    const request = requests[0]!;
    expect(new URL(request.url).pathname).toBe('/h5-api/api/system/user/info');
    expect(request.headers.get('platform')).toBe('1');
    expect(request.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('content-type')).toContain('application/json');
    expect(bodies[0]).toBe('{"a":1}');
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('200 with a message shows it as a success toast', async () => {
    const { client, hooks } = setup(() => envelope(200, { code: 200, message: 'Saved', data: null }));
    await client.put('/api/system/user/update', {});
    expect(hooks.notify).toHaveBeenCalledWith('success', 'Saved');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = setup(() => envelope(200, { code: 200, message: null, data: 1 }), null);
    await client.get('/api/system/character/spec/all');
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('401 warns, calls onUnauthorized and rejects', async () => {
    const { client, hooks } = setup(() => envelope(401, { code: 401, message: 'Token expired', data: null }));
    await expect(client.get('/api/system/user/info')).rejects.toMatchObject({ code: 401 });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.notify).toHaveBeenCalledWith('warning', 'Token expired');
  });

  it('498 calls onPermissionsChanged without a warning', async () => {
    const { client, hooks } = setup(() => envelope(498, { code: 498, message: null, data: null }));
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onPermissionsChanged).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('other codes warn with the message, or "error" when there is none', async () => {
    const taken = setup(() => envelope(409, { code: 409, message: 'Username is already taken', data: null }));
    await expect(taken.client.post('/api/system/user/register', {})).rejects.toThrow('Username is already taken');
    expect(taken.hooks.notify).toHaveBeenCalledWith('warning', 'Username is already taken');

    const bare = setup(() => envelope(500, { code: 500, message: null, data: null }));
    await expect(bare.client.get('/api/x')).rejects.toThrow('error');
    expect(bare.hooks.notify).toHaveBeenCalledWith('warning', 'error');
  });

  it('an HTTP error without our envelope warns with the body', async () => {
    const { client, hooks } = setup(() => envelope(502, 'Bad gateway from proxy'));
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(hooks.notify).toHaveBeenCalledWith('warning', 'Bad gateway from proxy');
  });

  it('an HTTP error with a JSON message warns with that message', async () => {
    const { client, hooks } = setup(() => envelope(503, { message: 'Service unavailable' }));
    await expect(client.get('/api/x')).rejects.toThrow('Service unavailable');
    expect(hooks.notify).toHaveBeenCalledWith('warning', 'Service unavailable');
  });

  it('silent calls never toast', async () => {
    const { client, hooks } = setup(() =>
      envelope(400, { code: 400, message: 'Wrong username or password', data: null }),
    );
    await expect(client.post('/api/system/user/login', {}, { silent: true })).rejects.toThrow(
      'Wrong username or password',
    );
    expect(hooks.notify).not.toHaveBeenCalled();
  });
});

describe('query parameters', () => {
  it('drops empty and null values on GET and DELETE', async () => {
    const { client, requests } = setup(() => envelope(200, { code: 200, message: null, data: null }));
    await client.get('/api/system/user/search', { keyword: '', page: 1, size: null, q: undefined, ok: 'x' });
    await client.delete('/api/moment/1', { reason: '', force: false });
    expect(new URL(requests[0]!.url).search).toBe('?page=1&ok=x');
    expect(new URL(requests[1]!.url).search).toBe('?force=false');
  });

  it('cleanQuery keeps 0 and false', () => {
    expect(cleanQuery({ a: 0, b: false, c: '', d: null })).toEqual({ a: '0', b: 'false' });
    expect(cleanQuery(undefined)).toBeUndefined();
  });
});

describe('uploads outside ky (lib/upload.ts)', () => {
  it('headers() carries the platform and the token', () => {
    const { client } = setup(() => envelope(200, { code: 200, message: null, data: null }));
    expect(client.headers()).toEqual({ platform: '1', Authorization: 'Bearer tok-1' });
  });

  it('settle() reads an envelope as every call does: data on 200, ApiError with the message otherwise', () => {
    const { client } = setup(() => envelope(200, { code: 200, message: null, data: null }));
    expect(client.settle(200, '', { code: 200, message: null, data: '/u/a.png' })).toBe('/u/a.png');
    expect(() =>
      client.settle(400, '', { code: 400, message: 'file must be a JPEG or PNG image', data: null }, true),
    ).toThrow('file must be a JPEG or PNG image');
    expect(() => client.settle(502, 'Bad Gateway', '<html>', true)).toThrow(ApiError);
  });
});

describe('transport', () => {
  it('a request that gets no answer in time warns "Request timed out"', async () => {
    vi.useFakeTimers();
    try {
      const hooks = { notify: vi.fn() };
      // Never answers, but rejects as fetch does when its signal aborts.
      const fetch = (request: Request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      const client = createHttpClient({ hooks, fetch: fetch as typeof globalThis.fetch, baseUrl: 'http://amity.test' });
      const done = expect(client.get('/api/x')).rejects.toMatchObject({ code: 0, message: 'Request timed out' });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      await done;
      expect(hooks.notify).toHaveBeenCalledWith('warning', 'Request timed out');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a network failure while the browser is offline rejects without a toast; online it warns', async () => {
    const notify = vi.fn();
    let offline = true;
    const client = createHttpClient({
      hooks: { notify },
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch,
      baseUrl: 'http://amity.test',
      isOffline: () => offline,
    });
    await expect(client.get('/api/system/user/info')).rejects.toMatchObject({ code: 0, message: 'Network error' });
    expect(notify).not.toHaveBeenCalled();
    offline = false;
    await expect(client.get('/api/system/user/info')).rejects.toMatchObject({ code: 0 });
    expect(notify).toHaveBeenCalledWith('warning', 'Network error');
  });

  it('a network failure warns "Network error"; POST keeps 0, false and empty query values', async () => {
    const failing = createHttpClient({
      hooks: { notify: vi.fn() },
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch,
      baseUrl: 'http://amity.test',
    });
    await expect(failing.get('/api/x')).rejects.toMatchObject({ code: 0, message: 'Network error' });

    const { client, requests, bodies } = setup(() => envelope(200, { code: 200, message: null, data: null }));
    await client.request('POST', '/api/x', { query: { a: 0, b: false, c: '', d: undefined }, json: [1] });
    expect(new URL(requests[0]!.url).search).toBe('?a=0&b=false&c=');
    expect(requests[0]!.method).toBe('POST');
    expect(bodies[0]).toBe('[1]');
  });
});
