import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, type RequestLike, routeFor } from './routes.ts';

const ORIGIN = 'https://amity.example';

function req(path: string, init: Partial<Omit<RequestLike, 'headers'>> & { range?: boolean } = {}) {
  const request: RequestLike = {
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    destination: init.destination ?? '',
    headers: { has: (name) => Boolean(init.range) && name.toLowerCase() === 'range' },
  };
  return routeFor(new URL(path, ORIGIN), request, ORIGIN);
}

describe('routeFor', () => {
  it('serves page navigations from the app shell, but never the server’s own paths', () => {
    for (const path of ['/', '/chat', '/chat?userId=7', '/homepage/12', '/login?redirect=%2Fvip', '/no/such/page']) {
      expect(req(path, { mode: 'navigate', destination: 'document' }), path).toBe('navigation');
    }
    for (const path of ['/h5-api/health', '/h5-api', '/ws/abc', '/uploads/a/b.png', '/uploads']) {
      expect(req(path, { mode: 'navigate', destination: 'document' }), path).toBeNull();
    }
    // Prefixes only match whole segments: a page named like them is still a page.
    expect(req('/h5-apix', { mode: 'navigate' })).toBe('navigation');
    expect(NAVIGATION_DENYLIST).toHaveLength(3);
  });

  it('revalidates the four public catalogues in the background', () => {
    for (const path of [
      '/h5-api/api/system/character/spec/all',
      '/h5-api/api/system/gold/spec/all',
      '/h5-api/api/system/member/config',
      '/h5-api/api/pay/config',
    ]) {
      expect(req(path), path).toBe('spec-cache');
    }
    // Query strings do not change the route (the cache key keeps them).
    expect(req('/h5-api/api/system/gold/spec/all?x=1')).toBe('spec-cache');
  });

  it('never caches any other API answer: private data goes to the network only', () => {
    for (const path of [
      '/h5-api/api/system/user/info',
      '/h5-api/api/chat/content/unread',
      '/h5-api/api/chat/history/3',
      '/h5-api/api/system/character/spec/all/extra',
      '/h5-api/health',
    ]) {
      expect(req(path), path).toBe('network-only');
    }
    // Images served by the API are private too.
    expect(req('/h5-api/api/file/x.png', { destination: 'image' })).toBe('network-only');
  });

  it('caches uploads and same-origin images first, but not media streams or ranges', () => {
    expect(req('/uploads/2026/11/avatar.jpg', { destination: 'image' })).toBe('image-cache');
    expect(req('/uploads/2026/11/photo.png')).toBe('image-cache');
    expect(req('/some/picture.webp', { destination: 'image' })).toBe('image-cache');
    expect(req('/uploads/clip.mp4', { destination: 'video' })).toBeNull();
    expect(req('/uploads/voice.ogg', { destination: 'audio' })).toBeNull();
    expect(req('/uploads/big.jpg', { range: true })).toBeNull();
  });

  it('leaves other origins, other methods, the socket and unknown files to the browser', () => {
    const other = { method: 'GET', mode: 'no-cors', destination: 'image', headers: { has: () => false } } as const;
    expect(routeFor(new URL('https://cdn.example/a.png'), other, ORIGIN)).toBeNull();
    expect(req('/h5-api/api/system/user/login', { method: 'POST' })).toBeNull();
    expect(req('/h5-api/api/system/character/spec/all', { method: 'HEAD' })).toBeNull();
    expect(req('/ws/token123')).toBeNull();
    expect(req('/robots.txt')).toBeNull();
  });
});
