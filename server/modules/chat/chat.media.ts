/**
 * Video and voice messages inside the chat writer's batch (docs/api.md, Chat: types 8 and 9): the stored file each
 * names gives the `media` object its duration and size, and each video stored uses one of its sender's free videos
 * of the month, in the batch's transaction: the senders' rows locked, the videos counted in batch order, the
 * counter and one ledger row per video written, and a video over the allowance taken out again with a 402, so that
 * nothing is stored and nothing charged for it. Staff accounts are unlimited.
 */
import { type Media, MessageType } from '#protocol/chat.ts';
import { utcMonth } from '#protocol/commerce.ts';
import { type DomainError, invalid, paymentRequired } from '../../domain/errors.ts';
import { monthVideoCount } from '../users/users.rules.ts';
import type { Executor, NewMessage } from './chat.repository.ts';
import { findMediaBlobs, lockVideoRows, type MediaBlob, writeVideoCharges } from './media.repository.ts';

/** A member with no membership: videos come with one (the client points to /vip). */
export const VIDEOS_NEED_MEMBERSHIP =
  'Videos come with a membership: VIP members send 10 a month, senior members 3 (see /vip)';
/** A member who used this month's free videos. */
export const NO_VIDEOS_LEFT = 'You have sent all your free videos this month; more come on the first day of next month';
export const UNKNOWN_MEDIA = 'msg: this file is not a video or voice note uploaded here';

const UPLOADS_PREFIX = '/uploads/';

/**
 * The full `media` of each type 8 and 9 item, from the stored file `msg` names and what the sender's frame added
 * (cover, picture size, waveform). Items whose file is not a stored video or voice note are refused (400).
 */
export async function resolveMedia(
  db: Executor,
  items: readonly NewMessage[],
): Promise<{ items: NewMessage[]; refused: Map<number, DomainError> }> {
  const refused = new Map<number, DomainError>();
  const keys = items.flatMap((i) =>
    i.type === MessageType.video || i.type === MessageType.voice ? [keyOf(i.msg)] : [],
  );
  if (keys.length === 0) return { items: [...items], refused };
  const blobs = new Map((await findMediaBlobs(db, [...new Set(keys)])).map((r) => [r.key, r]));
  const out = items.map((item, n) => {
    if (item.type !== MessageType.video && item.type !== MessageType.voice) return item;
    const blob = blobs.get(keyOf(item.msg));
    if (!blob) {
      refused.set(n, invalid(UNKNOWN_MEDIA));
      return item;
    }
    return { ...item, media: mediaOf(item, blob) };
  });
  return { items: out, refused };
}

const keyOf = (url: string) => (url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : url);

function mediaOf(item: NewMessage, blob: MediaBlob): Media {
  const given = item.media ?? {};
  const media: Media = { duration: blob.duration_ms / 1000, size: blob.bytes };
  if (item.type === MessageType.voice) {
    if (given.peaks) media.peaks = given.peaks;
    return media;
  }
  if (given.cover) media.cover = given.cover;
  // The container's picture size when it has one; the sender's browser's otherwise.
  const width = blob.width > 0 ? blob.width : given.width;
  const height = blob.height > 0 ? blob.height : given.height;
  if (width) media.width = width;
  if (height) media.height = height;
  return media;
}

interface VideoWallet {
  id: number;
  unlimited: boolean;
  allowance: number;
  /** Free videos left this month, before this batch. */
  left: number;
}

/**
 * Locks the rows of the members who send videos in this batch (in id order, as every other writer of `users`
 * does) and reads what each has left this UTC month: the level's `monthVideos` (migration 0007's member_configs),
 * less what was used in this month. Must run before the messages are inserted, so two batches on two instances
 * count one after the other.
 */
export async function lockVideoSenders(
  db: Executor,
  senderIds: number[],
  now: Date,
): Promise<Map<number, VideoWallet>> {
  const ids = [...new Set(senderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await lockVideoRows(db, ids, now);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, unlimited: r.staff_account, allowance: r.allowance, left: monthVideoCount(r, now, r.allowance) },
    ]),
  );
}

/** One stored video to pay for, in batch order; answers the refusal when its sender has none left. */
export function spendVideo(wallet: VideoWallet | undefined): DomainError | undefined {
  if (!wallet) return invalid(UNKNOWN_MEDIA);
  if (wallet.unlimited) return undefined;
  if (wallet.left <= 0) return paymentRequired(wallet.allowance === 0 ? VIDEOS_NEED_MEMBERSHIP : NO_VIDEOS_LEFT);
  wallet.left -= 1;
  return undefined;
}

/**
 * Writes what the batch spent: each charged member's counter (what is left, for this month) and one ledger row per
 * video (`kind` 'month_video', `delta` -1, `balance_after`, `reason` 'video', `ref` 'message:{id}').
 */
export async function recordVideoCharges(
  db: Executor,
  charges: { userId: number; messageId: number }[],
  wallets: Map<number, VideoWallet>,
  now: Date,
): Promise<void> {
  if (charges.length === 0) return;
  const before = new Map(
    [...wallets.values()].map((w) => [w.id, w.left + charges.filter((c) => c.userId === w.id).length]),
  );
  const after: number[] = [];
  for (const c of charges) {
    const left = before.get(c.userId)! - 1;
    before.set(c.userId, left);
    after.push(left);
  }
  const spenders = [...new Set(charges.map((c) => c.userId))].sort((a, b) => a - b);
  await writeVideoCharges(db, {
    month: utcMonth(now),
    spenders: spenders.map((id) => ({ id, left: wallets.get(id)!.left })),
    ledger: charges.map((c, n) => ({ ...c, after: after[n]! })),
    now,
  });
}
