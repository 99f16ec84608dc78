/**
 * Photos shared from the phone's share sheet (protocol/share.ts): the worker keeps them in the share cache, the
 * /share picker reads them and hands them to where the member chose (a conversation's composer or a new moment),
 * which takes them once. The hand-over is kept in sessionStorage: it survives the route change, not the tab.
 */
import { SHARE_CACHE, SHARE_ID, sharedPhotoKey, shareIndexKey } from '#protocol/share.ts';

export type ShareTarget = { peerId: number } | 'moment';

const HANDOVER_KEY = 'amity-share-handover';

/** The photos of share `id`, in the order they were shared; empty when the share is gone (or never was). */
export async function readSharedPhotos(id: string): Promise<File[]> {
  if (!SHARE_ID.test(id) || typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARE_CACHE);
  const index = (await (await cache.match(shareIndexKey(id)))?.json().catch(() => null)) as { count?: unknown } | null;
  const count = typeof index?.count === 'number' ? index.count : 0;
  const files: File[] = [];
  for (let i = 0; i < count; i++) {
    const response = await cache.match(sharedPhotoKey(id, i));
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? `photo-${i + 1}`);
    const type = response.headers.get('content-type') ?? '';
    files.push(new File([await response.blob()], name, { type }));
  }
  return files;
}

/** The picker's choice: share `id` goes to `target`, which takes it with takeSharedPhotos. */
export function handSharedPhotos(id: string, target: ShareTarget): void {
  sessionStorage.setItem(HANDOVER_KEY, JSON.stringify({ id, target }));
}

const sameTarget = (a: unknown, b: ShareTarget) =>
  b === 'moment' ? a === 'moment' : (a as { peerId?: unknown } | null)?.peerId === b.peerId;

/**
 * The photos handed to `target`, once: the hand-over and the share are forgotten as they are taken. Empty when
 * nothing was handed to it. Never throws.
 */
export async function takeSharedPhotos(target: ShareTarget): Promise<File[]> {
  try {
    const raw = sessionStorage.getItem(HANDOVER_KEY);
    if (!raw) return [];
    const handover = JSON.parse(raw) as { id?: unknown; target?: unknown };
    if (typeof handover.id !== 'string' || !sameTarget(handover.target, target)) return [];
    sessionStorage.removeItem(HANDOVER_KEY);
    const files = await readSharedPhotos(handover.id);
    await caches.delete(SHARE_CACHE);
    return files;
  } catch (error) {
    console.warn('The shared photos could not be read', error);
    return [];
  }
}

/** The member left the picker without choosing: the photos are not kept. */
export async function dropSharedPhotos(): Promise<void> {
  sessionStorage.removeItem(HANDOVER_KEY);
  if (typeof caches !== 'undefined') await caches.delete(SHARE_CACHE).catch(() => false);
}
