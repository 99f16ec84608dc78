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

/** A stored image's row in `blobs`, without its key. */
export interface BlobRecord {
  bytes: number;
  width: number;
  height: number;
  thumbhash: string;
  variants: BlobVariant[];
}

export async function recordUpload(
  trx: Transaction<Database>,
  upload: { userId: number; type: string; key: string; receivedBytes: number; at: Date; aliasKey: string | null },
  blob: BlobRecord,
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

/** A video or voice note: its `blobs` row (no ThumbHash or sizes; its playing time) and the member's upload. */
export async function recordMediaUpload(
  trx: Transaction<Database>,
  upload: {
    userId: number;
    type: string;
    key: string;
    bytes: number;
    width: number;
    height: number;
    durationMs: number;
    mime: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('blobs')
    .values({
      key: upload.key,
      bytes: upload.bytes,
      width: upload.width,
      height: upload.height,
      duration_ms: upload.durationMs,
      mime: upload.mime,
      created_at: upload.at,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await trx
    .insertInto('uploads')
    .values({
      user_id: upload.userId,
      type: upload.type,
      blob_key: upload.key,
      received_bytes: upload.bytes,
      created_at: upload.at,
      alias_key: null,
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

/**
 * Deletes the blob behind `key` (its own key or a signed upload's alias) when nothing refers to it: no avatar, no
 * moment, no photo message names it or one of its aliases, and no upload of it is younger than `graceSince` or of a
 * type other than moment and avatar. The blob row is locked first, so two deletions decide once. Answers the
 * storage keys to remove (the file, its responsive sizes, its aliases), or undefined when it stays.
 */
export async function deleteUnreferencedBlob(
  trx: Transaction<Database>,
  key: string,
  graceSince: Date,
): Promise<{ key: string; files: string[] } | undefined> {
  const blobKey =
    (await trx.selectFrom('blobs').select('key').where('key', '=', key).executeTakeFirst())?.key ??
    (await blobOfAlias(trx, key));
  if (!blobKey) return undefined;
  const blob = await trx
    .selectFrom('blobs')
    .select(['key', 'variants'])
    .where('key', '=', blobKey)
    .forUpdate()
    .executeTakeFirst();
  if (!blob) return undefined;
  const uploads = await trx
    .selectFrom('uploads')
    .select(['type', 'created_at', 'alias_key'])
    .where('blob_key', '=', blobKey)
    .execute();
  if (uploads.some((u) => (u.type !== 'moment' && u.type !== 'avatar') || u.created_at > graceSince)) return undefined;
  const aliases = uploads.map((u) => u.alias_key).filter((a): a is string => a !== null);
  const urls = [blobKey, ...aliases].map((k) => `/uploads/${k}`);
  const avatar = await trx.selectFrom('users').select('id').where('avatar', 'in', urls).limit(1).executeTakeFirst();
  if (avatar) return undefined;
  const message = await trx
    .selectFrom('messages')
    .select('id')
    .where('type', '=', 2)
    .where('msg', 'in', urls)
    .limit(1)
    .executeTakeFirst();
  if (message) return undefined;
  for (const url of urls) {
    const moment = await trx
      .selectFrom('moments')
      .select('id')
      .where(sql<boolean>`images @> ${JSON.stringify([{ url }])}::jsonb`)
      .limit(1)
      .executeTakeFirst();
    if (moment) return undefined;
  }
  await trx.deleteFrom('blobs').where('key', '=', blobKey).execute();
  const variants = blob.variants.flatMap((v) => [v.webp, v.jpeg]);
  return { key: blobKey, files: [blobKey, ...variants, ...aliases] };
}
