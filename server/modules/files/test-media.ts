/**
 * Minimal hand-built media files for tests: an MP4 (ISO BMFF) with a movie header, one track and some media data,
 * a fragmented MP4 whose duration lives only in its fragments, and a WebM with or without a Duration element (as
 * MediaRecorder writes it). Enough structure for the container readers; no decodable picture or sound.
 */

function box(type: string, ...payload: Uint8Array[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(4 * values.length);
  for (const [i, v] of values.entries()) b.writeUInt32BE(v >>> 0, 4 * i);
  return b;
};

function track(id: number, handler: 'vide' | 'soun', timescale: number, width: number, height: number): Buffer {
  // tkhd version 0: flags, creation, modification, track id, reserved, duration, reserved×2, layer/alt, volume,
  // matrix (9), width and height in 16.16.
  const tkhd = box('tkhd', u32(0x3, 0, 0, id, 0, 0, 0, 0, 0, 0), Buffer.alloc(36), u32(width << 16, height << 16));
  const mdhd = box('mdhd', u32(0, 0, 0, timescale, 0, 0));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), u32(0, 0, 0), Buffer.from([0]));
  return box('trak', tkhd, box('mdia', mdhd, hdlr));
}

export interface Mp4Options {
  seconds: number;
  video?: boolean;
  width?: number;
  height?: number;
  brand?: string;
  /** Bytes of media data after the header boxes. */
  dataBytes?: number;
}

export function makeMp4(options: Mp4Options): Buffer {
  const { seconds, video = true, width = 320, height = 240, brand = 'isom', dataBytes = 64 } = options;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(`${brand}mp41`, 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, Math.round(seconds * 1000)), Buffer.alloc(80));
  const traks = video
    ? [track(1, 'vide', 90000, width, height), track(2, 'soun', 48000, 0, 0)]
    : [track(1, 'soun', 48000, 0, 0)];
  return Buffer.concat([ftyp, box('moov', mvhd, ...traks), box('mdat', Buffer.alloc(dataBytes, 7))]);
}

/** MediaRecorder-style fragmented MP4: mvhd says 0; the fragments' sample durations say `seconds`. */
export function makeFragmentedMp4(seconds: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('iso5', 'latin1'), u32(0x200), Buffer.from('iso5iso6mp41', 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, 0), Buffer.alloc(80));
  const trex = box('trex', u32(0, 1, 1, 1000, 0, 0));
  const moov = box('moov', mvhd, track(1, 'vide', 1000, 640, 480), box('mvex', trex));
  const fragments: Buffer[] = [];
  const perFragment = 1000; // ms, one sample of default duration 1000 per fragment
  for (let n = 0; n < seconds; n++) {
    const tfhd = box('tfhd', u32(0x20000, 1));
    const tfdt = box('tfdt', u32(0, n * perFragment));
    const trun = box('trun', u32(0, 1));
    fragments.push(
      box('moof', box('mfhd', u32(0, n + 1)), box('traf', tfhd, tfdt, trun)),
      box('mdat', Buffer.alloc(16)),
    );
  }
  return Buffer.concat([ftyp, moov, ...fragments]);
}

function ebmlSize(n: number): Buffer {
  // 8-byte size: 0x01 marker then 7 bytes.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  let v = n;
  for (let i = 7; i >= 1; i--) {
    b[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return b;
}

function el(id: number[], ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
}

const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

const uint = (v: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(v, 0, bytes);
  return b;
};

export interface WebmOptions {
  seconds: number;
  /** Write the Segment Info's Duration (a finished file) or leave it out (MediaRecorder's live stream). */
  declared?: boolean;
  video?: boolean;
  width?: number;
  height?: number;
  docType?: string;
}

export function makeWebm(options: WebmOptions): Buffer {
  const { seconds, declared = true, video = true, width = 320, height = 240, docType = 'webm' } = options;
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x86], uint(1, 1)), el([0x42, 0x82], Buffer.from(docType)));
  const durationFloat = Buffer.alloc(8);
  durationFloat.writeDoubleBE(seconds * 1000);
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    el([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)),
    ...(declared ? [el([0x44, 0x89], durationFloat)] : []),
  );
  const entries = [
    el([0xae], el([0xd7], uint(1, 1)), el([0x83], uint(2, 1))), // audio
    ...(video
      ? [
          el(
            [0xae],
            el([0xd7], uint(2, 1)),
            el([0x83], uint(1, 1)),
            el([0xe0], el([0xb0], uint(width, 2)), el([0xba], uint(height, 2))),
          ),
        ]
      : []),
  ];
  const tracks = el([0x16, 0x54, 0xae, 0x6b], ...entries);
  // One cluster per second (unknown size, as MediaRecorder writes them), a frame at 0 and at 1000 ms - 20.
  const clusters: Buffer[] = [];
  const ms = Math.round(seconds * 1000);
  for (let start = 0; start < ms; start += 1000) {
    const frameAt = (rel: number) => {
      const b = Buffer.alloc(4 + 8);
      b[0] = 0x81; // track 1
      b.writeInt16BE(rel, 1);
      b[3] = 0x80; // keyframe
      return el([0xa3], b);
    };
    const last = Math.min(1000, ms - start);
    clusters.push(
      Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN]),
      el([0xe7], uint(start, 4)),
      frameAt(0),
      frameAt(last),
    );
  }
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN, info, tracks, ...clusters]);
  return Buffer.concat([header, segment]);
}
