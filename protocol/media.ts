/**
 * Video and voice messages (docs/api.md, Files: video and voice; Chat: types 8 and 9). Sizes in bytes (30 MB as the
 * product counts MB, like the 5 MB of images); durations in seconds. A file of its own, not constants.ts: the client
 * reads these only in its lazily loaded media screens, and constants.ts is in every first load.
 */
export const MEDIA = {
  maxBytes: 31_457_280,
  maxSeconds: 60,
  /** Declared types an upload may carry, per kind; the bytes must agree (ISO BMFF or WebM). */
  videoTypes: ['video/mp4', 'video/webm'],
  voiceTypes: ['audio/webm', 'audio/mp4', 'audio/x-m4a', 'video/webm', 'video/mp4'],
  /** The played media the client keeps for offline use, at most (src/lib/media-cache.ts). */
  offlineCacheEntries: 30,
  offlineCacheBytes: 104_857_600,
} as const;
export type MediaKind = 'video' | 'voice';

/** A voice note's waveform has at most this many bars. */
export const MEDIA_PEAKS_MAX = 64;

/**
 * Stored video and voice files (docs/api.md, Files: video and voice): `/uploads/{sha256}.{ext}`, named by content, so
 * unguessable. Video: `.mp4` or `.webm`; voice: `.m4a` or `.weba`.
 */
export const OWN_MEDIA_PATH = {
  video: /^\/uploads\/[0-9a-f]{64}\.(?:mp4|webm)$/,
  voice: /^\/uploads\/[0-9a-f]{64}\.(?:m4a|weba)$/,
} as const;

export function isOwnMediaUrl(value: string, kind: 'video' | 'voice'): boolean {
  return OWN_MEDIA_PATH[kind].test(value);
}
