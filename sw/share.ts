/**
 * The share target in the worker (protocol/share.ts): the share sheet's multipart POST to /share is answered here,
 * never by the server. The photos are kept in the share cache under a new id (an earlier share is dropped) and the
 * browser is sent on to `/share?id=…` with a 303, so a reload never posts again.
 */
import {
  SHARE_CACHE,
  SHARE_FILES_FIELD,
  SHARE_IMAGE_TYPES,
  SHARE_MAX_PHOTOS,
  SHARE_PATH,
  sharedPhotoKey,
  shareIndexKey,
} from '#protocol/share.ts';

/** Whether the worker answers this request: a POST to the share path on our origin. */
export function isShareRequest(url: URL, method: string, origin: string): boolean {
  return url.origin === origin && method === 'POST' && url.pathname === SHARE_PATH;
}

/** The shared photos worth keeping: images of the types we upload, at most a moment's worth, in the given order. */
export function sharedPhotos(form: Pick<FormData, 'getAll'>): File[] {
  return form
    .getAll(SHARE_FILES_FIELD)
    .filter((value): value is File => typeof value !== 'string' && SHARE_IMAGE_TYPES.includes(value.type))
    .slice(0, SHARE_MAX_PHOTOS);
}

interface ShareEnv {
  caches: Pick<CacheStorage, 'open' | 'delete'>;
  newId(): string;
  /** The worker's origin: the redirect is absolute. */
  origin: string;
}

/** Keeps the photos of a share POST and answers the redirect to the picker (with no id when nothing came). */
export async function acceptShare(request: Request, env: ShareEnv): Promise<Response> {
  let photos: File[] = [];
  try {
    photos = sharedPhotos(await request.formData());
  } catch {
    // Not multipart, or cut short: the picker says there is nothing to share.
  }
  await env.caches.delete(SHARE_CACHE);
  if (photos.length === 0) return Response.redirect(new URL(SHARE_PATH, env.origin).href, 303);
  const id = env.newId();
  const cache = await env.caches.open(SHARE_CACHE);
  await Promise.all(
    photos.map((photo, i) =>
      cache.put(
        sharedPhotoKey(id, i),
        new Response(photo, {
          headers: { 'content-type': photo.type, 'x-file-name': encodeURIComponent(photo.name || `photo-${i + 1}`) },
        }),
      ),
    ),
  );
  await cache.put(shareIndexKey(id), Response.json({ count: photos.length }));
  return Response.redirect(new URL(`${SHARE_PATH}?id=${encodeURIComponent(id)}`, env.origin).href, 303);
}
