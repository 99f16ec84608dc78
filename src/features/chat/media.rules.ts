/**
 * Pure rules of video and voice messages (docs/product.md, Video and voice; docs/api.md, Files: video and voice):
 * what a member may send, what a picked file must be, the waveform's bars, the recorder's format, the clock, the
 * slide that cancels a voice note, the cover frame's test, what a queued upload's end means and the offline cache's
 * trimming. No I/O here.
 */
import type { ChartFrame } from '#protocol/chat.ts';
import { MEDIA, MEDIA_PEAKS_MAX } from '#protocol/media.ts';
import type { LocalMedia, UploadEnd } from './outbox.rules.ts';

/** What the video button offers (docs/api.md, Free videos). */
export type VideoAllowance =
  | { kind: 'unlimited' }
  | { kind: 'left'; count: number }
  | { kind: 'used' }
  /** No membership: videos come with one (the composer points to /vip). */
  | { kind: 'none' };

export interface AllowanceInfo {
  staffAccount: boolean;
  monthVideoCount: number;
  member: { levelName: string };
}

export function videoAllowance(info: AllowanceInfo | null | undefined): VideoAllowance {
  if (!info) return { kind: 'none' };
  if (info.staffAccount) return { kind: 'unlimited' };
  if (info.monthVideoCount > 0) return { kind: 'left', count: info.monthVideoCount };
  return info.member.levelName ? { kind: 'used' } : { kind: 'none' };
}

export type VideoFileProblem = 'type' | 'size';

/** A picked video: MP4 or WebM, at most 30 MB. Its length is read by the browser next (media.capture.ts). */
export function checkVideoFile(file: { type: string; size: number }): VideoFileProblem | null {
  if (!(MEDIA.videoTypes as readonly string[]).includes(baseType(file.type))) return 'type';
  if (file.size > MEDIA.maxBytes) return 'size';
  return null;
}

/** `audio/webm;codecs=opus` → `audio/webm`. */
export const baseType = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

/** Too long by the browser's own reading: over 60 s. Unknown (NaN, Infinity) is left to the server, which reads the container. */
export const tooLong = (seconds: number) => Number.isFinite(seconds) && seconds > MEDIA.maxSeconds;

/** The recorder's format: the first the browser can write (opus in WebM where it can, else MP4, as Safari). */
const RECORDER_TYPES = {
  voice: ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4'],
  video: ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'],
} as const;

export function recorderType(kind: 'voice' | 'video', supported: (mime: string) => boolean): string | undefined {
  return RECORDER_TYPES[kind].find(supported);
}

/** The file name an upload of this type gets (the server names the stored file by its hash anyway). */
export function mediaFileName(kind: 'voice' | 'video', mime: string): string {
  const mp4 = baseType(mime).endsWith('/mp4');
  return kind === 'voice' ? (mp4 ? 'voice.m4a' : 'voice.weba') : mp4 ? 'video.mp4' : 'video.webm';
}

/**
 * Loudness samples (any scale, one every ~50 ms while recording) → at most MEDIA_PEAKS_MAX bars of 0-100, each the
 * loudest sample of its stretch, scaled so the loudest bar is 100 (a quiet voice still draws a shape).
 */
export function peaksOf(levels: readonly number[], max: number = MEDIA_PEAKS_MAX): number[] {
  if (levels.length === 0) return [];
  const bars = Math.min(max, levels.length);
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    const from = Math.floor((i * levels.length) / bars);
    const to = Math.max(from + 1, Math.floor(((i + 1) * levels.length) / bars));
    let peak = 0;
    for (let k = from; k < to; k++) peak = Math.max(peak, Math.abs(levels[k] ?? 0));
    out.push(peak);
  }
  const loudest = Math.max(...out);
  return out.map((p) => (loudest > 0 ? Math.round((p / loudest) * 100) : 0));
}

/** A bar's height in the bubble: never flat, so a silent stretch still shows as a dot. */
export const barHeight = (peak: number) => Math.max(8, Math.min(100, peak));

/** Seconds → m:ss (the recorder's timer, the bubbles' durations). */
export function clock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(whole / 60);
  return `${m}:${String(whole - m * 60).padStart(2, '0')}`;
}

/** A voice note shorter than this was a tap, not a message: nothing is sent. */
export const MIN_VOICE_MS = 700;
/** How far the finger slides towards the start of the line to cancel a voice note. */
export const SLIDE_CANCEL_PX = 80;

/** Slid far enough towards the line's start (left, or right in a right-to-left page) to cancel. */
export function slidCancel(dx: number, rtl = false, threshold: number = SLIDE_CANCEL_PX): boolean {
  return rtl ? dx >= threshold : dx <= -threshold;
}

/**
 * A frame worth showing as the cover: not a black (fade-in) or white frame, and not one flat colour. `rgba` is the
 * canvas's pixels of a small copy of the frame.
 */
export function isClearFrame(rgba: ArrayLike<number>): boolean {
  const n = Math.floor(rgba.length / 4);
  if (n === 0) return false;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const y = 0.2126 * rgba[i * 4]! + 0.7152 * rgba[i * 4 + 1]! + 0.0722 * rgba[i * 4 + 2]!;
    sum += y;
    sumSq += y * y;
  }
  const mean = sum / n;
  const spread = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  return mean > 16 && mean < 240 && spread > 6;
}

/** Where to look for the cover: the first of these times (seconds) whose frame is clear. */
export function coverTimes(duration: number): number[] {
  const d = Number.isFinite(duration) && duration > 0 ? duration : 1;
  return [0.1, 0.5, 1, 2, d / 2].filter((s, i, all) => s < d && all.indexOf(s) === i);
}

/** The cover's size: the picture's, at most 640 px on the longer side. */
export function coverSize(width: number, height: number, longest = 640): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: longest, height: Math.round((longest * 9) / 16) };
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The inline player's box: the picture's shape within 260 × 320, square when unknown. */
export function playerBox(width?: number, height?: number): { width: number; height: number } {
  if (!width || !height) return { width: 240, height: 240 };
  const scale = Math.min(260 / width, 320 / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export interface CachedMedia {
  url: string;
  size: number;
  /** When it was played last (ms). */
  at: number;
}

/**
 * The offline copy of played media stays within MEDIA.offlineCacheEntries files and MEDIA.offlineCacheBytes: the
 * URLs to drop, least recently played first.
 */
export function mediaToEvict(
  entries: readonly CachedMedia[],
  maxEntries: number = MEDIA.offlineCacheEntries,
  maxBytes: number = MEDIA.offlineCacheBytes,
): string[] {
  const newest = [...entries].sort((a, b) => b.at - a.at);
  const keep: CachedMedia[] = [];
  let bytes = 0;
  const drop: string[] = [];
  for (const e of newest) {
    if (keep.length < maxEntries && bytes + e.size <= maxBytes) {
      keep.push(e);
      bytes += e.size;
    } else drop.push(e.url);
  }
  return drop;
}

/** What the chart frame of an uploaded video or voice note carries beside its URL (docs/api.md, chart). */
export function frameMedia(
  local: LocalMedia,
  uploaded: { width: number; height: number },
  cover?: string,
): NonNullable<ChartFrame['media']> {
  if (local.kind === 'voice') return { peaks: local.peaks ?? [] };
  return {
    ...(cover ? { cover } : {}),
    width: uploaded.width || local.width || 0,
    height: uploaded.height || local.height || 0,
  };
}

/**
 * A failed upload: cancelled by the member; refused by the server (a 4xx other than a timeout or the rate limit: no
 * free videos left, too long, not a video), which Retry would not change by itself; anything else (no connection,
 * a stall, a server error) waits in the queue and goes again.
 */
export function uploadFailure(e: { aborted: boolean; status?: number; message?: string }): UploadEnd {
  if (e.aborted) return { ok: false, outcome: 'aborted' };
  const { status } = e;
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
    return { ok: false, outcome: 'refused', problem: { code: status, message: e.message ?? '' } };
  return { ok: false, outcome: 'retry' };
}
