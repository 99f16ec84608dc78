import { describe, expect, it } from 'vitest';
import { SHARE_CACHE, SHARE_MAX_PHOTOS, sharedPhotoKey, shareIndexKey } from '#protocol/share.ts';
import { acceptShare, isShareRequest, sharedPhotos } from './share.ts';

const origin = 'https://amity.example';
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2])], name, { type: 'image/jpeg' });

/** CacheStorage as the worker sees it, in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    stores,
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (key: string, response: Response) => void store.set(key, response),
      } as unknown as Cache;
    },
    async delete(name: string) {
      return stores.delete(name);
    },
  };
}

const post = (form: FormData | string) => new Request(`${origin}/share`, { method: 'POST', body: form });

describe('isShareRequest', () => {
  it('takes only POSTs to /share on our origin', () => {
    expect(isShareRequest(new URL(`${origin}/share`), 'POST', origin)).toBe(true);
    expect(isShareRequest(new URL(`${origin}/share`), 'GET', origin)).toBe(false);
    expect(isShareRequest(new URL(`${origin}/share/x`), 'POST', origin)).toBe(false);
    expect(isShareRequest(new URL('https://other.example/share'), 'POST', origin)).toBe(false);
  });
});

describe('sharedPhotos', () => {
  it('keeps images we can upload, in order, at most a moment’s worth', () => {
    const form = new FormData();
    form.append('photos', jpeg('a.jpg'));
    form.append('photos', new File(['%PDF'], 'b.pdf', { type: 'application/pdf' }));
    form.append('photos', 'not a file');
    form.append('photos', new File([new Uint8Array([0x89, 0x50])], 'c.png', { type: 'image/png' }));
    form.append('other', jpeg('d.jpg'));
    expect(sharedPhotos(form).map((f) => f.name)).toEqual(['a.jpg', 'c.png']);
    const many = new FormData();
    for (let i = 0; i < 12; i++) many.append('photos', jpeg(`${i}.jpg`));
    expect(sharedPhotos(many)).toHaveLength(SHARE_MAX_PHOTOS);
  });
});

describe('acceptShare', () => {
  it('keeps the photos under a new id, drops an earlier share and sends the browser to the picker', async () => {
    const caches = memoryCaches();
    (await caches.open(SHARE_CACHE)).put('/__amity/share/old/0', new Response('old'));
    const form = new FormData();
    form.append('photos', jpeg('beach.jpg'));
    form.append('photos', jpeg('sun set.jpg'));
    const response = await acceptShare(post(form), { caches, newId: () => 'n1', origin });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${origin}/share?id=n1`);
    const store = caches.stores.get(SHARE_CACHE)!;
    expect([...store.keys()].sort()).toEqual([shareIndexKey('n1'), sharedPhotoKey('n1', 0), sharedPhotoKey('n1', 1)]);
    expect(await store.get(shareIndexKey('n1'))!.json()).toEqual({ count: 2 });
    const second = store.get(sharedPhotoKey('n1', 1))!;
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    expect(decodeURIComponent(second.headers.get('x-file-name')!)).toBe('sun set.jpg');
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 1, 2]));
  });

  it('sends the browser to an empty picker when nothing usable came', async () => {
    const caches = memoryCaches();
    const response = await acceptShare(post('text only'), { caches, newId: () => 'n2', origin });
    expect(response.headers.get('location')).toBe(`${origin}/share`);
    expect(caches.stores.has(SHARE_CACHE)).toBe(false);
  });
});
