import { describe, expect, it } from 'vitest';
import { readMediaInfo, sniffContainer } from './media.container.ts';
import { makeFragmentedMp4, makeMp4, makeWebm } from './test-media.ts';

describe('sniffContainer', () => {
  it('knows ISO BMFF by ftyp at offset 4 and WebM by the EBML magic, nothing else', () => {
    expect(sniffContainer(makeMp4({ seconds: 3 }))).toBe('mp4');
    expect(sniffContainer(makeWebm({ seconds: 3 }))).toBe('webm');
    expect(sniffContainer(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(sniffContainer(Buffer.from('ftyp isom but at the wrong place'))).toBeUndefined();
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf]))).toBeUndefined();
    expect(sniffContainer(new Uint8Array())).toBeUndefined();
  });
});

describe('readMediaInfo: MP4', () => {
  it('reads the duration from mvhd and the picture size from the video track header', () => {
    expect(readMediaInfo(makeMp4({ seconds: 3.5, width: 640, height: 360 }))).toEqual({
      container: 'mp4',
      duration: 3.5,
      hasVideo: true,
      width: 640,
      height: 360,
    });
  });

  it('tells a sound-only file (a voice note in M4A) by its tracks', () => {
    expect(readMediaInfo(makeMp4({ seconds: 61, video: false, brand: 'M4A ' }))).toMatchObject({
      duration: 61,
      hasVideo: false,
      width: 0,
    });
  });

  it('adds up the fragments of a fragmented file whose movie header says 0', () => {
    expect(readMediaInfo(makeFragmentedMp4(4))).toMatchObject({ duration: 4, hasVideo: true, width: 640 });
  });

  it('refuses a file with no movie box or a cut-off header', () => {
    const whole = makeMp4({ seconds: 3 });
    expect(readMediaInfo(whole.subarray(0, 40))).toBeUndefined();
    expect(readMediaInfo(makeMp4({ seconds: 0 }))).toBeUndefined();
  });
});

describe('readMediaInfo: WebM', () => {
  it('reads the Duration of a finished file in TimecodeScale units', () => {
    expect(readMediaInfo(makeWebm({ seconds: 3, width: 640, height: 480 }))).toEqual({
      container: 'webm',
      duration: 3,
      hasVideo: true,
      width: 640,
      height: 480,
    });
  });

  it('without Duration (MediaRecorder) takes the last frame of unknown-size clusters', () => {
    expect(readMediaInfo(makeWebm({ seconds: 61, declared: false, video: false }))).toMatchObject({
      duration: 61,
      hasVideo: false,
    });
    expect(readMediaInfo(makeWebm({ seconds: 2.5, declared: false }))?.duration).toBeCloseTo(2.5);
  });

  it('refuses Matroska that is not WebM and bytes that stop inside the header', () => {
    expect(readMediaInfo(makeWebm({ seconds: 3, docType: 'matroska' }))).toBeUndefined();
    expect(readMediaInfo(makeWebm({ seconds: 3 }).subarray(0, 10))).toBeUndefined();
  });

  it('never throws on random bytes after either signature', () => {
    for (let n = 0; n < 300; n++) {
      const noise = Buffer.from(Array.from({ length: 64 + n }, () => Math.floor(Math.random() * 256)));
      const mp4 = Buffer.concat([makeMp4({ seconds: 1 }).subarray(0, 24), noise]);
      const webm = Buffer.concat([makeWebm({ seconds: 1 }).subarray(0, 8), noise]);
      expect(() => readMediaInfo(mp4)).not.toThrow();
      expect(() => readMediaInfo(webm)).not.toThrow();
    }
  });
});
