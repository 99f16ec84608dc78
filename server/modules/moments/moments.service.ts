/** The square and homepages' moments: the use cases behind moments.routes.ts (docs/api.md, Moments). */
import type { Moment, MomentAddBody, MomentPage } from '#protocol/moment.ts';
import type { BlobStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { releaseImages } from '../files/files.release.ts';
import { blobsByKeys } from '../files/files.repository.ts';
import * as users from '../users/users.repository.ts';
import { noSuchMember } from '../users/users.rules.ts';
import * as repo from './moments.repository.ts';
import {
  checkCanDelete,
  checkCursor,
  firstPageFrom,
  keyOfUrl,
  RECENT_COUNT,
  RECENT_TTL_MS,
  splitPage,
  toPhoto,
} from './moments.rules.ts';

export interface PageRequest {
  cursor: number | undefined;
  size: number;
}

async function toMoments(ctx: AppContext, storage: BlobStorage, rows: readonly repo.MomentRow[]): Promise<Moment[]> {
  const authorRows = await users.findUsersByIds(ctx.db, [...new Set(rows.map((r) => r.user_id))]);
  const authors = new Map((await users.baseUsersOf(ctx.db, authorRows, ctx.now())).map((u) => [u.id, u] as const));
  const keys = rows.flatMap((r) => r.images.map((i) => keyOfUrl(i.url)).filter((k) => k !== undefined));
  const blobs = await blobsByKeys(ctx.db, [...new Set(keys)]);
  const urlOf = (key: string) => storage.url(key);
  return rows.flatMap((r) => {
    const user = authors.get(r.user_id);
    if (!user) return []; // The author left between the two reads.
    const photos = r.images.map((i) => {
      const key = keyOfUrl(i.url);
      return toPhoto(i, key === undefined ? undefined : blobs.get(key), urlOf);
    });
    return [
      {
        id: Number(r.id),
        user,
        text: r.text,
        images: r.images.map((i) => i.url),
        photos,
        createdAt: r.created_at.toISOString(),
      },
    ];
  });
}

interface RecentMoments {
  moments: Moment[];
  complete: boolean;
}

interface Recent {
  /** After this (Date.now()), the next reader starts a reload and is still answered from `value`. */
  until: number;
  value?: RecentMoments;
  loading?: Promise<RecentMoments>;
}

/**
 * The newest moments of everyone, shared by every reader of the square's first page: reloaded when older than
 * RECENT_TTL_MS, readers meanwhile answered from the previous load (one reload in flight at a time), and dropped at
 * once when a moment is posted or deleted here; another instance's change shows after about RECENT_TTL_MS. Each
 * reader's blocks, and suspensions, are still applied per request.
 */
const recentCache = new WeakMap<AppContext, Recent>();

function recentMoments(ctx: AppContext, storage: BlobStorage): Promise<RecentMoments> {
  let entry = recentCache.get(ctx);
  if (!entry) {
    entry = { until: 0 };
    recentCache.set(ctx, entry);
  }
  const current = entry;
  if (current.value && current.until > Date.now()) return Promise.resolve(current.value);
  if (!current.loading) {
    current.loading = (async () => {
      // -1: nobody's blocks are applied when loading; each request filters its own.
      const rows = await repo.findPage(ctx.db, -1, { before: undefined, limit: RECENT_COUNT + 1 });
      const moments = await toMoments(ctx, storage, rows.slice(0, RECENT_COUNT));
      return { moments, complete: rows.length <= RECENT_COUNT };
    })();
    current.loading.then(
      (value) => Object.assign(current, { value, until: Date.now() + RECENT_TTL_MS, loading: undefined }),
      () => Object.assign(current, { loading: undefined }),
    );
  }
  return current.value ? Promise.resolve(current.value) : current.loading;
}

const forgetRecent = (ctx: AppContext) => recentCache.delete(ctx);

/** One page newest first: everyone's (the square) or `authorId`'s (a homepage). */
export async function page(
  ctx: AppContext,
  storage: BlobStorage,
  me: number,
  request: PageRequest,
  authorId?: number,
): Promise<MomentPage> {
  if (authorId !== undefined && !(await users.userExists(ctx.db, authorId))) throw noSuchMember();
  if (request.cursor !== undefined) checkCursor(request.cursor, await repo.lastIssuedId(ctx.db));
  if (authorId === undefined && request.cursor === undefined) {
    const [recent, hidden] = await Promise.all([recentMoments(ctx, storage), repo.hiddenAuthors(ctx.db, me)]);
    const first = firstPageFrom(recent.moments, recent.complete, new Set(hidden), request.size);
    if (first) return first;
  }
  const rows = await repo.findPage(ctx.db, me, { before: request.cursor, limit: request.size + 1 }, authorId);
  const { page: shown, nextCursor } = splitPage(rows, request.size);
  return { list: await toMoments(ctx, storage, shown), nextCursor };
}

export async function add(ctx: AppContext, storage: BlobStorage, me: number, body: MomentAddBody): Promise<Moment> {
  const images = body.images.map((url, i) => ({ url, alt: body.alts[i] ?? '' }));
  const row = await repo.insertMoment(ctx.db, { userId: me, text: body.text, images, at: ctx.now() });
  forgetRecent(ctx);
  const [moment] = await toMoments(ctx, storage, [row]);
  if (!moment) throw noSuchMember(); // The author was deleted while posting.
  return moment;
}

export async function remove(ctx: AppContext, me: number, id: number): Promise<null> {
  const images = await ctx.db.transaction().execute(async (trx) => {
    checkCanDelete((await repo.findAuthor(trx, id))?.user_id, me);
    return repo.deleteMoment(trx, id);
  });
  forgetRecent(ctx);
  await releaseImages(ctx, images);
  return null;
}
