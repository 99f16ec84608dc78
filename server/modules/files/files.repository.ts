/** SQL of stored blobs and of who uploaded them. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

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
  upload: { userId: number; type: string; key: string; receivedBytes: number; at: Date },
  blob: { bytes: number; width: number; height: number },
): Promise<void> {
  await trx
    .insertInto('blobs')
    .values({ key: upload.key, ...blob, created_at: upload.at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await trx
    .insertInto('uploads')
    .values({
      user_id: upload.userId,
      type: upload.type,
      blob_key: upload.key,
      received_bytes: upload.receivedBytes,
      created_at: upload.at,
    })
    .execute();
}
