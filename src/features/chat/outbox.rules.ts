/**
 * Pure outbox rules: send order, what goes out next, which records Retry and Cancel apply to, what an upload's end
 * does to a video or voice note, and the tray's counts. chat.reducer.ts applies them (and re-queues what was in
 * flight when the connection drops).
 */
import type { ChartFrame, MessageType } from '#protocol/chat.ts';

/** 'uploading': a video or voice note whose file is going up (its frame goes next, as 'sending'). */
export type OutboxState = 'queued' | 'uploading' | 'sending' | 'sent' | 'read' | 'failed';

/**
 * A video or voice note composed here whose file is not uploaded yet (docs/product.md, Video and voice: composed
 * offline, it waits like text). The file, and a video's cover frame, wait in IndexedDB under the record's clientId
 * (chat.cache.ts, outboxFiles) until the record is stored or cancelled; what the browser read of it is here.
 */
export interface LocalMedia {
  kind: 'video' | 'voice';
  /** The upload's file name (its extension tells the server the container). */
  name: string;
  /** A video's picture size as the browser read it (the server's reading wins when it has one). */
  width?: number;
  height?: number;
  /** A voice note's waveform (0-100 bars). */
  peaks?: number[];
  /** Seconds, as the browser read or the recorder timed it (the server reads the container for the stored one). */
  duration?: number;
}

/** The files a LocalMedia record waits with. */
export interface OutboxFiles {
  file: Blob;
  /** A video's cover frame (JPEG), uploaded as a chat photo first. */
  cover?: Blob;
}

/** What the upload of a record's file came to (chat.service.ts tells; media.upload.ts classifies errors). */
export type UploadEnd =
  | { ok: true; msg: string; media: NonNullable<ChartFrame['media']> }
  /** No connection, a stall or a server error: it waits in the queue and goes again (the same file, by hash). */
  | { ok: false; outcome: 'retry' }
  /** The server refused it (4xx: no free videos left, too long, not a video): Retry or Cancel is the member's. */
  | { ok: false; outcome: 'refused'; problem: { code: number; message: string } }
  /** Its file is gone (storage cleared): it can only be cancelled. */
  | { ok: false; outcome: 'lost' }
  /** Cancelled by the member: the record is gone already. */
  | { ok: false; outcome: 'aborted' };

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
  /** Types 8 and 9 until their file is uploaded: `msg` is '' until then. */
  upload?: LocalMedia;
  /** Why the server refused the upload ('upload' error): its code and words. */
  problem?: { code: number; message: string };
}

/** Whether a record's next step is its file's upload rather than its frame. */
export const needsUpload = (r: Pick<OutboxRecord, 'upload'>) => r.upload !== undefined;

/**
 * The record after its upload ended, or null when it is no longer there to change ('aborted': cancelled). An
 * uploaded file turns the record into an ordinary queued one (its URL in `msg`), so its frame goes through the same
 * path as text, with the same clientId, and is stored once.
 */
export function afterUpload(r: OutboxRecord, end: UploadEnd): Partial<OutboxRecord> | null {
  if (r.state !== 'uploading') return null;
  if (end.ok) return { state: 'queued', msg: end.msg, media: end.media, upload: undefined, problem: undefined };
  switch (end.outcome) {
    case 'retry':
      return { state: 'queued' };
    case 'refused':
      return { state: 'failed', error: 'upload', problem: end.problem };
    case 'lost':
      return { state: 'failed', error: 'lost' };
    case 'aborted':
      return null;
  }
}

/** After a reload an upload in progress is not (its page is gone): it starts again from the queue. */
export const restored = (r: OutboxRecord): OutboxRecord => (r.state === 'uploading' ? { ...r, state: 'queued' } : r);

/** Oldest first: the send order, also after a reload. */
export function compareRecords(a: OutboxRecord, b: OutboxRecord): number {
  return (a.seq ?? 0) - (b.seq ?? 0) || a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId);
}

/**
 * The queued records to send now, oldest first, so that at most `window` are in flight. With a window of 1 the next
 * message leaves only after the previous one was acked, so the server stores them in the order they were written
 * whatever it does with concurrent frames; a video's upload is in flight too, so what was written after it waits.
 * A failed record does not hold up the queue: it waits for Retry or Cancel.
 */
export function nextToSend(records: readonly OutboxRecord[], window: number): OutboxRecord[] {
  const ordered = [...records].sort(compareRecords);
  let inFlight = ordered.filter((r) => r.state === 'sending' || r.state === 'uploading').length;
  const out: OutboxRecord[] = [];
  for (const r of ordered) {
    if (inFlight >= window) break;
    if (r.state !== 'queued') continue;
    out.push(r);
    inFlight++;
  }
  return out;
}

/**
 * Retry is for failed records (not a blocked one, nor one whose file is gone); Cancel only for records that certainly
 * never reached the server's store (an upload in progress is stopped).
 */
export const canRetry = (r: Pick<OutboxRecord, 'state' | 'error'>) =>
  r.state === 'failed' && r.error !== 'blocked' && r.error !== 'lost';
export const canCancel = (r: Pick<OutboxRecord, 'state'>) =>
  r.state === 'queued' || r.state === 'failed' || r.state === 'uploading';

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
