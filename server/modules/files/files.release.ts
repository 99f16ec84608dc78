/**
 * Deleting stored images no one refers to any more (docs/api.md, Files: 'the file only when no uploads row, avatar,
 * message or moment refers to it'): after a moment is deleted or an avatar replaced, each of their images is
 * looked at once. Files are named by content, so one file may be a photo of several moments, someone's avatar and a
 * chat photo at once: it goes only when none of them is left. Its responsive sizes and signed-form copies go with it.
 */
import { createStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { keyOfUrl } from '../moments/moments.rules.ts';
import * as repo from './files.repository.ts';

/**
 * An upload this recent keeps its file whatever else: the composer may have uploaded it a moment ago and not posted
 * it yet. Uploads of other types (chat photos, profile pictures, video covers) always keep theirs.
 */
export const UPLOAD_GRACE_MS = 60 * 60_000;

/** Looks at the files behind `urls` (ours, `/uploads/…`) and deletes those nothing refers to; answers their keys. */
export async function releaseImages(ctx: AppContext, urls: readonly string[]): Promise<string[]> {
  const keys = [...new Set(urls.map((u) => keyOfUrl(u)).filter((k): k is string => k !== undefined))];
  const storage = createStorage(ctx.config);
  const released: string[] = [];
  for (const key of keys) {
    try {
      const gone = await ctx.db
        .transaction()
        .execute((trx) => repo.deleteUnreferencedBlob(trx, key, new Date(ctx.now().getTime() - UPLOAD_GRACE_MS)));
      if (!gone) continue;
      // After the commit: a file whose row is gone is never shown again, so removing it cannot break a page.
      for (const file of gone.files) await storage.remove(file);
      released.push(gone.key);
    } catch (error) {
      // The member's deletion succeeded; a file left behind costs space, not correctness.
      ctx.log.warn({ err: error, key }, 'could not release a stored image');
    }
  }
  return released;
}
