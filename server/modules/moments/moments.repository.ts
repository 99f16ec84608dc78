/** SQL of moments: pages newest first by id, one member's or everyone's, without blocked members either way. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export interface MomentRow {
  id: string;
  user_id: number;
  text: string;
  images: { url: string; alt: string }[];
  created_at: Date;
}

export interface PageWindow {
  /** Only moments older (smaller id) than this one; undefined for the first page. */
  before: number | undefined;
  limit: number;
}

/**
 * Up to `limit` moments newest first, by `authorId` or by anyone, never by a member `me` blocked or who blocked
 * `me`, nor by a suspended member. Walks the primary key (or moments_user_idx) backwards from the cursor: no offset, no count.
 */
export async function findPage(db: Executor, me: number, w: PageWindow, authorId?: number): Promise<MomentRow[]> {
  let query = db
    .selectFrom('moments as m')
    .select(['m.id', 'm.user_id', 'm.text', 'm.images', 'm.created_at'])
    .where(
      'm.user_id',
      'not in',
      db
        .selectFrom('blocks')
        .select('blocked_id as id')
        .where('blocker_id', '=', me)
        .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', me))
        // Suspended members vanish from the square and homepages (docs/api.md, Staff).
        .union(db.selectFrom('users').select('id').where('suspended_until', 'is not', null)),
    );
  if (authorId !== undefined) query = query.where('m.user_id', '=', authorId);
  if (w.before !== undefined) query = query.where('m.id', '<', String(w.before));
  const rows = await query.orderBy('m.id', 'desc').limit(w.limit).execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

/** The largest moment id ever handed out (0 before the first): a cursor above it was never ours. */
export async function lastIssuedId(db: Executor): Promise<number> {
  const { rows } = await sql<{ last_value: string; is_called: boolean }>`
    select last_value, is_called from moments_id_seq`.execute(db);
  const row = rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}

export async function insertMoment(
  db: Executor,
  moment: { userId: number; text: string; images: { url: string; alt: string }[]; at: Date },
): Promise<MomentRow> {
  const row = await db
    .insertInto('moments')
    .values({
      user_id: moment.userId,
      text: moment.text,
      images: JSON.stringify(moment.images),
      created_at: moment.at,
    })
    .returning(['id', 'user_id', 'text', 'images', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, created_at: new Date(row.created_at) };
}

export function findAuthor(db: Executor, id: number): Promise<{ user_id: number } | undefined> {
  return db.selectFrom('moments').select('user_id').where('id', '=', String(id)).executeTakeFirst();
}

/** Deletes the moment; answers the URLs of its images (their files may go too, files.release.ts). */
export async function deleteMoment(db: Executor, id: number): Promise<string[]> {
  const row = await db.deleteFrom('moments').where('id', '=', String(id)).returning('images').executeTakeFirst();
  return (row?.images ?? []).map((i) => i.url);
}

/**
 * Whose moments `me` never sees: members on either side of a block with `me`, and suspended members (applied per
 * request, so a suspension empties the shared first page of the square at once on every instance; the partial index
 * users_suspended_idx keeps the second half small).
 */
export async function hiddenAuthors(db: Executor, me: number): Promise<number[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', me)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', me))
    .union(db.selectFrom('users').select('id').where('suspended_until', 'is not', null))
    .execute();
  return rows.map((r) => r.id);
}
