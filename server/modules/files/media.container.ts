/**
 * Pure readers of the two media containers we accept (docs/api.md, Files: video and voice): ISO BMFF (MP4, M4A:
 * `ftyp` first) and WebM (EBML with DocType `webm`). They read what the server needs to judge an upload: which
 * container, how long it plays and, for a video, its picture size. Nothing is decoded; a file the readers cannot
 * make sense of is refused by the caller (400), never guessed.
 */

export type Container = 'mp4' | 'webm';

export interface MediaInfo {
  container: Container;
  /** Seconds, from the container's own duration or, when it has none (a live MediaRecorder file), its last frame. */
  duration: number;
  /** Whether a video track is present (a voice note has none). */
  hasVideo: boolean;
  /** The picture size of the first video track, 0 when unknown or absent. */
  width: number;
  height: number;
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** The container by its first bytes: `ftyp` at offset 4 (ISO BMFF) or the EBML magic (WebM, Matroska). */
export function sniffContainer(bytes: Uint8Array): Container | undefined {
  if (bytes.length >= 12 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) {
    return 'mp4';
  }
  if (bytes.length >= 4 && EBML_MAGIC.every((b, i) => bytes[i] === b)) return 'webm';
  return undefined;
}

/** Reads a file of either container; undefined when it is neither or its duration cannot be read. */
export function readMediaInfo(bytes: Uint8Array): MediaInfo | undefined {
  const container = sniffContainer(bytes);
  if (container === 'mp4') return readMp4(bytes);
  if (container === 'webm') return readWebm(bytes);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// ISO BMFF

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Box {
  type: string;
  /** Payload start and end (after the header, within the file). */
  start: number;
  end: number;
}

/** The boxes directly inside [start, end); stops at the first one whose size does not fit. */
function boxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const dv = view(bytes);
  const out: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = dv.getUint32(pos);
    const type = String.fromCharCode(bytes[pos + 4]!, bytes[pos + 5]!, bytes[pos + 6]!, bytes[pos + 7]!);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) break;
      size = Number(dv.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = end - pos; // to the end of the enclosing box
    }
    if (size < header || pos + size > end) {
      // A cut file: keep what starts here only when its header is whole (mdat may run past what we hold).
      if (size >= header) out.push({ type, start: pos + header, end });
      break;
    }
    out.push({ type, start: pos + header, end: pos + size });
    pos += size;
  }
  return out;
}

const child = (bytes: Uint8Array, box: Box, type: string) =>
  boxes(bytes, box.start, box.end).find((b) => b.type === type);

/** mvhd or mdhd: { timescale, duration } of a full box, versions 0 and 1. */
function timescaleAndDuration(bytes: Uint8Array, box: Box): { timescale: number; duration: number } | undefined {
  const dv = view(bytes);
  const version = bytes[box.start];
  if (version === 1) {
    if (box.start + 32 > box.end) return undefined;
    return { timescale: dv.getUint32(box.start + 20), duration: Number(dv.getBigUint64(box.start + 24)) };
  }
  if (box.start + 20 > box.end) return undefined;
  const duration = dv.getUint32(box.start + 16);
  // All ones means "unknown" in version 0.
  return { timescale: dv.getUint32(box.start + 12), duration: duration === 0xffffffff ? 0 : duration };
}

interface TrackInfo {
  id: number;
  timescale: number;
  isVideo: boolean;
  width: number;
  height: number;
  /** trex default_sample_duration (fragmented files). */
  defaultDuration: number;
}

function readTrack(bytes: Uint8Array, trak: Box): TrackInfo | undefined {
  const dv = view(bytes);
  const tkhd = child(bytes, trak, 'tkhd');
  const mdia = child(bytes, trak, 'mdia');
  if (!tkhd || !mdia) return undefined;
  const v1 = bytes[tkhd.start] === 1;
  const idAt = tkhd.start + (v1 ? 20 : 12);
  const sizeAt = tkhd.start + (v1 ? 88 : 76);
  const id = idAt + 4 <= tkhd.end ? dv.getUint32(idAt) : 0;
  const width = sizeAt + 8 <= tkhd.end ? dv.getUint32(sizeAt) >>> 16 : 0;
  const height = sizeAt + 8 <= tkhd.end ? dv.getUint32(sizeAt + 4) >>> 16 : 0;
  const mdhd = child(bytes, mdia, 'mdhd');
  const hdlr = child(bytes, mdia, 'hdlr');
  const handler =
    hdlr && hdlr.start + 12 <= hdlr.end ? String.fromCharCode(...bytes.subarray(hdlr.start + 8, hdlr.start + 12)) : '';
  const timescale = mdhd ? (timescaleAndDuration(bytes, mdhd)?.timescale ?? 0) : 0;
  return { id, timescale, isVideo: handler === 'vide', width, height, defaultDuration: 0 };
}

/**
 * A fragmented file (what MediaRecorder writes as MP4) may say 0 in mvhd: then mvex/mehd, else the end of the last
 * fragment of any track (tfdt + the sample durations of its truns) in that track's timescale.
 */
function fragmentsEnd(bytes: Uint8Array, top: Box[], tracks: Map<number, TrackInfo>): number {
  const dv = view(bytes);
  let longest = 0;
  for (const moof of top.filter((b) => b.type === 'moof')) {
    for (const traf of boxes(bytes, moof.start, moof.end).filter((b) => b.type === 'traf')) {
      const parts = boxes(bytes, traf.start, traf.end);
      const tfhd = parts.find((b) => b.type === 'tfhd');
      if (!tfhd || tfhd.start + 8 > tfhd.end) continue;
      const flags = dv.getUint32(tfhd.start) & 0xffffff;
      const track = tracks.get(dv.getUint32(tfhd.start + 4));
      if (!track || track.timescale === 0) continue;
      let at = tfhd.start + 8;
      if (flags & 0x1) at += 8; // base data offset
      if (flags & 0x2) at += 4; // sample description index
      let defaultDuration = track.defaultDuration;
      if (flags & 0x8 && at + 4 <= tfhd.end) defaultDuration = dv.getUint32(at);
      const tfdt = parts.find((b) => b.type === 'tfdt');
      let time = 0;
      if (tfdt) {
        time =
          bytes[tfdt.start] === 1 && tfdt.start + 12 <= tfdt.end
            ? Number(dv.getBigUint64(tfdt.start + 4))
            : tfdt.start + 8 <= tfdt.end
              ? dv.getUint32(tfdt.start + 4)
              : 0;
      }
      for (const trun of parts.filter((b) => b.type === 'trun')) {
        if (trun.start + 8 > trun.end) continue;
        const trunFlags = dv.getUint32(trun.start) & 0xffffff;
        const count = dv.getUint32(trun.start + 4);
        let p = trun.start + 8;
        if (trunFlags & 0x1) p += 4; // data offset
        if (trunFlags & 0x4) p += 4; // first sample flags
        const fieldBytes = [0x100, 0x200, 0x400, 0x800].filter((f) => trunFlags & f).length * 4;
        if (!(trunFlags & 0x100)) time += count * defaultDuration;
        else for (let n = 0; n < count && p + fieldBytes <= trun.end; n++, p += fieldBytes) time += dv.getUint32(p);
      }
      longest = Math.max(longest, time / track.timescale);
    }
  }
  return longest;
}

function readMp4(bytes: Uint8Array): MediaInfo | undefined {
  const top = boxes(bytes, 0, bytes.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return undefined;
  const inMoov = boxes(bytes, moov.start, moov.end);
  const mvhd = inMoov.find((b) => b.type === 'mvhd');
  const movie = mvhd ? timescaleAndDuration(bytes, mvhd) : undefined;
  if (!movie || movie.timescale === 0) return undefined;
  const tracks = new Map<number, TrackInfo>();
  for (const trak of inMoov.filter((b) => b.type === 'trak')) {
    const track = readTrack(bytes, trak);
    if (track) tracks.set(track.id, track);
  }
  const dv = view(bytes);
  let duration = movie.duration / movie.timescale;
  const mvex = inMoov.find((b) => b.type === 'mvex');
  if (mvex) {
    for (const b of boxes(bytes, mvex.start, mvex.end)) {
      if (b.type === 'trex' && b.start + 16 <= b.end) {
        const track = tracks.get(dv.getUint32(b.start + 4));
        if (track) track.defaultDuration = dv.getUint32(b.start + 12);
      }
      if (duration === 0 && b.type === 'mehd' && b.start + 8 <= b.end) {
        const fragment =
          bytes[b.start] === 1 && b.start + 12 <= b.end
            ? Number(dv.getBigUint64(b.start + 4))
            : dv.getUint32(b.start + 4);
        duration = fragment / movie.timescale;
      }
    }
    if (duration === 0) duration = fragmentsEnd(bytes, top, tracks);
  }
  if (!(duration > 0) || !Number.isFinite(duration)) return undefined;
  const video = [...tracks.values()].find((t) => t.isVideo);
  return {
    container: 'mp4',
    duration,
    hasVideo: video !== undefined,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// WebM (EBML)

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;

/** Masters the reader walks into; with every other element skipped, one flat pass reads known and unknown sizes. */
const MASTERS = new Set<number>([
  ID.ebml,
  ID.segment,
  ID.info,
  ID.tracks,
  ID.trackEntry,
  ID.video,
  ID.cluster,
  ID.blockGroup,
]);

/** A variable-length integer at `pos`: its value (marker bit removed unless `keepMarker`) and length. */
function vint(
  bytes: Uint8Array,
  pos: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = bytes[pos];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (length > 8 || pos + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let n = 1; n < length; n++) {
    value = value * 256 + bytes[pos + n]!;
    if (bytes[pos + n] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, start: number, size: number): number {
  let value = 0;
  for (let n = 0; n < size; n++) value = value * 256 + bytes[start + n]!;
  return value;
}

function readWebm(bytes: Uint8Array): MediaInfo | undefined {
  const dv = view(bytes);
  let pos = 0;
  let docType = '';
  let scale = 1_000_000; // ns per timecode unit (the default)
  let declared = 0;
  let clusterTime = 0;
  let lastFrame = 0;
  let trackType = 0;
  let hasVideo = false;
  let width = 0;
  let height = 0;
  while (pos < bytes.length) {
    const id = vint(bytes, pos, true);
    if (!id) break;
    const size = vint(bytes, pos + id.length, false);
    if (!size) break;
    const start = pos + id.length + size.length;
    if (MASTERS.has(id.value)) {
      pos = start;
      if (id.value === ID.trackEntry) trackType = 0;
      continue;
    }
    if (size.unknown) break; // only masters may have an unknown size
    const end = start + size.value;
    if (end > bytes.length) break; // cut short: use what was read
    switch (id.value) {
      case ID.docType:
        docType = String.fromCharCode(...bytes.subarray(start, end));
        break;
      case ID.timecodeScale:
        scale = readUint(bytes, start, size.value) || scale;
        break;
      case ID.duration:
        declared = size.value === 4 ? dv.getFloat32(start) : size.value === 8 ? dv.getFloat64(start) : 0;
        break;
      case ID.trackType:
        trackType = readUint(bytes, start, size.value);
        if (trackType === 1) hasVideo = true;
        break;
      case ID.pixelWidth:
        if (width === 0) width = readUint(bytes, start, size.value);
        break;
      case ID.pixelHeight:
        if (height === 0) height = readUint(bytes, start, size.value);
        break;
      case ID.timecode:
        clusterTime = readUint(bytes, start, size.value);
        break;
      case ID.block:
      case ID.simpleBlock: {
        const track = vint(bytes, start, false);
        if (track && start + track.length + 2 <= end) {
          lastFrame = Math.max(lastFrame, clusterTime + dv.getInt16(start + track.length));
        }
        break;
      }
    }
    pos = end;
  }
  if (docType !== 'webm') return undefined;
  const units = declared > 0 ? declared : lastFrame;
  const duration = (units * scale) / 1e9;
  if (!(duration > 0) || !Number.isFinite(duration)) return undefined;
  return { container: 'webm', duration, hasVideo, width, height };
}
