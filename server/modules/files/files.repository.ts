/** SQL of stored blobs and of who uploaded them. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BlobVariant, Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

/** Bytes `userId` uploaded since `since`. */
export async function bytesSince(db: Executor, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('received_bytes'), sql<string>`0`).as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `userId`'s uploads since `since`, oldest first: when they leave the window decides Retry-After. */
export async function uploadsSince(db: Executor, userId: number, since: Date): Promise<{ bytes: number; at: Date }[]> {
  const rows = await db
    .selectFrom('uploads')
    .select(['received_bytes', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ bytes: r.received_bytes, at: new Date(r.created_at) }));
}

/** Serialises one member's uploads (sum, then insert) so parallel requests cannot pass the quota together. */
export async function lockUploader(trx: Transaction<Database>, userId: number): Promise<void> {
  await sql`select id from users where id = ${userId} for update`.execute(trx);
}

export async function recordUpload(
  trx: Transaction<Database>,
  upload: { userId: number; type: string; key: string; receivedBytes: number; at: Date; aliasKey: string | null },
  blob: { bytes: number; width: number; height: number; thumbhash: string; variants: BlobVariant[] },
): Promise<void> {
  const variants = JSON.stringify(blob.variants);
  await trx
    .insertInto('blobs')
    .values({ key: upload.key, ...blob, variants, created_at: upload.at })
    .onConflict((oc) =>
      // The same image stored before without sizes (as an avatar, or before 0008) gains them now.
      blob.variants.length > 0
        ? oc.column('key').doUpdateSet({ variants, thumbhash: blob.thumbhash }).where('blobs.thumbhash', '=', '')
        : oc.column('key').doNothing(),
    )
    .execute();
  await trx
    .insertInto('uploads')
    .values({
      user_id: upload.userId,
      type: upload.type,
      blob_key: upload.key,
      received_bytes: upload.receivedBytes,
      created_at: upload.at,
      alias_key: upload.aliasKey,
    })
    .execute();
}

export interface BlobInfo {
  key: string;
  width: number;
  height: number;
  thumbhash: string;
  variants: BlobVariant[];
}

/** What the square shows of stored images, by storage key or by a signed upload's alias key. */
export async function blobsByKeys(db: Executor, keys: readonly string[]): Promise<Map<string, BlobInfo>> {
  const found = new Map<string, BlobInfo>();
  if (keys.length === 0) return found;
  const direct = await db
    .selectFrom('blobs')
    .select(['key', 'width', 'height', 'thumbhash', 'variants'])
    .where('key', 'in', keys)
    .execute();
  for (const b of direct) found.set(b.key, b);
  const aliases = keys.filter((k) => !found.has(k));
  if (aliases.length === 0) return found;
  const viaAlias = await db
    .selectFrom('uploads as u')
    .innerJoin('blobs as b', 'b.key', 'u.blob_key')
    .select(['u.alias_key', 'b.key', 'b.width', 'b.height', 'b.thumbhash', 'b.variants'])
    .where('u.alias_key', 'in', aliases)
    .execute();
  for (const { alias_key, ...b } of viaAlias) if (alias_key) found.set(alias_key, b);
  return found;
}

/** The blob a signed upload's own key already stands for, if any. */
export async function blobOfAlias(db: Executor, aliasKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select('blob_key')
    .where('alias_key', '=', aliasKey)
    .limit(1)
    .executeTakeFirst();
  return row?.blob_key;
}
