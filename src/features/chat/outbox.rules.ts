/**
 * Pure outbox rules: send order, what goes out next, which records Retry and Cancel apply to, and the tray's
 * counts. chat.reducer.ts applies them (and re-queues what was in flight when the connection drops).
 */
import type { ChartFrame, MessageType } from '#protocol/chat.ts';

export type OutboxState = 'queued' | 'sending' | 'sent' | 'read' | 'failed';

/**
 * A message I send is first a local record, keyed by its clientId, until the server's ack (same clientId) turns it
 * into a stored Message. It is durable (IndexedDB) before its first send, so a reload re-sends it with the same
 * clientId and the server stores it once.
 */
export interface OutboxRecord {
  clientId: string;
  toId: number;
  type: typeof MessageType.text | typeof MessageType.image | typeof MessageType.video | typeof MessageType.voice;
  /** For a video or voice note: the uploaded file's URL (uploaded before the record is made, so a re-send only repeats the frame). */
  msg: string;
  lang: string;
  /** When the member sent it (ISO): orders it in the timeline until the stored copy arrives. */
  createdAt: string;
  state: OutboxState;
  error?: string;
  attempts: number;
  /** Written in one language, sent in another: the member's own translation by locale (docs/api.md, chart). */
  translations?: Record<string, string>;
  /** Types 8 and 9: what the chart frame carries beside the URL (cover, picture size, waveform). */
  media?: ChartFrame['media'];
  /** Send order, strictly increasing across reloads (createdAt can tie within a millisecond). */
  seq?: number;
}

/** Oldest first: the send order, also after a reload. */
export function compareRecords(a: OutboxRecord, b: OutboxRecord): number {
  return (a.seq ?? 0) - (b.seq ?? 0) || a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId);
}

/**
 * The queued records to send now, oldest first, so that at most `window` are in flight. With a window of 1 the next
 * message leaves only after the previous one was acked, so the server stores them in the order they were written
 * whatever it does with concurrent frames. A failed record does not hold up the queue: it waits for Retry or Cancel.
 */
export function nextToSend(records: readonly OutboxRecord[], window: number): OutboxRecord[] {
  const ordered = [...records].sort(compareRecords);
  let inFlight = ordered.filter((r) => r.state === 'sending').length;
  const out: OutboxRecord[] = [];
  for (const r of ordered) {
    if (inFlight >= window) break;
    if (r.state !== 'queued') continue;
    out.push(r);
    inFlight++;
  }
  return out;
}

/** Retry is for failed records; Cancel only for records that certainly never reached the server's store. */
export const canRetry = (r: Pick<OutboxRecord, 'state' | 'error'>) => r.state === 'failed' && r.error !== 'blocked';
export const canCancel = (r: Pick<OutboxRecord, 'state'>) => r.state === 'queued' || r.state === 'failed';

export interface TrayCounts {
  messages: number;
  chats: number;
}

/**
 * 'N messages waiting in M chats': everything not yet stored. Online, the queue drains in milliseconds (a tray
 * flashing at every send would be noise), so then it shows only while something failed and waits for the member.
 */
export function trayCounts(records: readonly OutboxRecord[], offline: boolean): TrayCounts | null {
  if (records.length === 0) return null;
  if (!offline && !records.some((r) => r.state === 'failed')) return null;
  return { messages: records.length, chats: new Set(records.map((r) => r.toId)).size };
}
