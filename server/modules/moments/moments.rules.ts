/** Pure rules of moments: who may delete, which cursors are ours, and how stored rows become the answer. */
import type { Moment, MomentPage, MomentPhoto, PhotoSource } from '#protocol/moment.ts';
import { UNKNOWN_CURSOR } from '#protocol/moment.ts';
import { type DomainError, forbidden, invalid, notFound } from '../../domain/errors.ts';

export const NO_SUCH_MOMENT = 'No such moment';
export const NOT_THE_AUTHOR = 'Only the author can delete a moment';

export const noSuchMoment = (): DomainError => notFound(NO_SUCH_MOMENT);

/** Only the author deletes (docs/api.md, Moments); someone else's moment is 403, a missing one 404. */
export function checkCanDelete(author: number | undefined, me: number): void {
  if (author === undefined) throw noSuchMoment();
  if (author !== me) throw forbidden(NOT_THE_AUTHOR);
}

/** A cursor is the id of the last moment of a page we answered, so never above the last id handed out. */
export function checkCursor(cursor: number | undefined, lastIssued: number): void {
  if (cursor !== undefined && cursor > lastIssued) throw invalid(UNKNOWN_CURSOR);
}

/** One more row than the page holds was read: its presence says whether an older page exists. */
export function splitPage<T extends { id: string }>(rows: readonly T[], size: number) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? last.id : null };
}

/** The storage key of an image URL of ours (`/uploads/{key}`), or undefined for any other URL. */
export function keyOfUrl(url: string, urlBase = '/uploads/'): string | undefined {
  return url.startsWith(urlBase) ? url.slice(urlBase.length) : undefined;
}

export interface StoredBlob {
  width: number;
  height: number;
  thumbhash: string;
  variants: { width: number; height: number; webp: string; jpeg: string }[];
}

/** A posted image with what is known of its stored file; an image we know nothing of keeps only its URL. */
export function toPhoto(
  image: { url: string; alt: string },
  blob: StoredBlob | undefined,
  urlOf: (key: string) => string,
): MomentPhoto {
  const sources: PhotoSource[] = (blob?.variants ?? []).map((v) => ({
    width: v.width,
    height: v.height,
    webp: urlOf(v.webp),
    jpeg: urlOf(v.jpeg),
  }));
  return {
    url: image.url,
    alt: image.alt,
    width: blob?.width ?? null,
    height: blob?.height ?? null,
    thumbhash: blob?.thumbhash ?? '',
    sources,
  };
}

/** How many of the newest moments the square's first page is served from, and for how long (milliseconds). */
export const RECENT_COUNT = 100;
export const RECENT_TTL_MS = 1000;

/**
 * The first page of the square for a reader from the newest moments of everyone (`recent`, newest first; `complete`
 * when no older moment exists), without `hidden` authors; undefined when blocks hide so many that the recent ones
 * cannot fill the page (the caller then asks the database).
 */
export function firstPageFrom(
  recent: readonly Moment[],
  complete: boolean,
  hidden: ReadonlySet<number>,
  size: number,
): MomentPage | undefined {
  const visible = hidden.size === 0 ? recent : recent.filter((m) => !hidden.has(m.user.id));
  if (visible.length <= size && !complete) return undefined;
  const list = visible.slice(0, size);
  return { list, nextCursor: visible.length > size ? String(list.at(-1)!.id) : null };
}
