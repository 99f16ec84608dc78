/** SQL of video and voice messages: the stored files they name, and the free videos of the month (chat.media.ts). */
import { sql } from 'kysely';
import type { Executor } from './chat.repository.ts';

export interface MediaBlob {
  key: string;
  bytes: number;
  duration_ms: number;
  width: number;
  height: number;
}

/** Stored videos and voice notes among `keys` (blobs with a playing time, migration 0011). */
export async function findMediaBlobs(db: Executor, keys: string[]): Promise<MediaBlob[]> {
  const { rows } = await sql<MediaBlob>`
    select key, bytes, duration_ms, width, height from blobs
    where key = any(${keys}::text[]) and duration_ms is not null`.execute(db);
  return rows;
}

export interface VideoRow {
  id: number;
  staff_account: boolean;
  month_video_count: number;
  month_video_month: string | null;
  /** The monthVideos of the member's current level (the running membership with the lowest level_sort), or 0. */
  allowance: number;
}

/** The senders' rows, locked in id order (as every writer of `users` locks them), with their level's allowance. */
export async function lockVideoRows(db: Executor, ids: number[], now: Date): Promise<VideoRow[]> {
  const { rows } = await sql<VideoRow>`
    select u.id, u.staff_account, u.month_video_count, u.month_video_month,
      coalesce((
        select c.month_videos from memberships m join member_configs c on c.level_name = m.level_name
        where m.user_id = u.id and m.ends_at > ${now} order by m.level_sort limit 1
      ), 0)::int as allowance
    from users u where u.id = any(${ids}::int[]) order by u.id for update of u`.execute(db);
  return rows;
}

/** Each spender's counter for `month`, and one ledger row per video paid (delta -1, the count after it). */
export async function writeVideoCharges(
  db: Executor,
  charges: {
    month: string;
    spenders: { id: number; left: number }[];
    ledger: { userId: number; messageId: number; after: number }[];
    now: Date;
  },
): Promise<void> {
  const { month, spenders, ledger, now } = charges;
  await sql`
    update users u set month_video_count = v.left_count, month_video_month = ${month}
    from unnest(${spenders.map((s) => s.id)}::int[], ${spenders.map((s) => s.left)}::int[]) as v(id, left_count)
    where u.id = v.id`.execute(db);
  await sql`
    insert into ledger (user_id, kind, delta, balance_after, reason, ref, created_at)
    select v.user_id, 'month_video', -1, v.after, 'video', 'message:' || v.message_id, ${now}
    from unnest(${ledger.map((c) => c.userId)}::int[], ${ledger.map((c) => c.messageId)}::bigint[],
      ${ledger.map((c) => c.after)}::int[]) as v(user_id, message_id, after)`.execute(db);
}
