/**
 * The offline copy of played video and voice notes (docs/product.md, Video and voice): a Cache Storage cache of
 * whole files, kept within MEDIA.offlineCacheEntries files and MEDIA.offlineCacheBytes by the caller's rule. The
 * service worker leaves media streams and Range requests alone (sw/routes.ts); players read a cached file here and
 * play it from a blob: URL, which seeks without the network.
 */
const CACHE = 'amity-media';
const INDEX = '/amity-media-index.json';

export interface MediaEntry {
  url: string;
  size: number;
  at: number;
}

const available = () => typeof caches !== 'undefined';

async function readIndex(cache: Cache): Promise<MediaEntry[]> {
  const response = await cache.match(INDEX);
  return response ? ((await response.json()) as MediaEntry[]) : [];
}

/** A blob: URL of the cached file (the caller revokes it), or null when it was never kept. */
export async function cachedMediaUrl(url: string): Promise<string | null> {
  if (!available()) return null;
  const response = await (await caches.open(CACHE)).match(url);
  return response ? URL.createObjectURL(await response.blob()) : null;
}

/**
 * Keeps a played file (fetched whole once, unless kept already) and drops what `evict` names; never throws.
 * `evict` answers the URLs to drop, given every kept file with its size and last play.
 */
export async function keepMedia(url: string, evict: (entries: MediaEntry[]) => string[], now = Date.now()) {
  if (!available()) return;
  try {
    const cache = await caches.open(CACHE);
    const entries = (await readIndex(cache)).filter((e) => e.url !== url);
    // Cache.add fetches the whole file itself (no Range) and keeps it only when the answer is 200.
    if (!(await cache.match(url))) await cache.add(url);
    const kept = await cache.match(url);
    if (!kept) return;
    const size = Number(kept.headers.get('content-length')) || (await kept.blob()).size;
    const all = [...entries, { url, size, at: now }];
    const drop = new Set(evict(all));
    for (const gone of drop) await cache.delete(gone);
    await cache.put(INDEX, Response.json(all.filter((e) => !drop.has(e.url))));
  } catch (error) {
    console.warn('media cache write failed', error);
  }
}
