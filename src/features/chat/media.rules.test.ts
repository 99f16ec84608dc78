import { describe, expect, it } from 'vitest';
import {
  checkVideoFile,
  clock,
  coverSize,
  coverTimes,
  isClearFrame,
  mediaFileName,
  mediaToEvict,
  peaksOf,
  recorderType,
  slidCancel,
  tooLong,
  videoAllowance,
} from './media.rules.ts';

const info = (levelName: string, monthVideoCount: number, staffAccount = false) => ({
  staffAccount,
  monthVideoCount,
  member: { levelName },
});

describe('videoAllowance', () => {
  it('tells members how many are left, a member who used them all, and non-members; staff are unlimited', () => {
    expect(videoAllowance(info('vip', 10))).toEqual({ kind: 'left', count: 10 });
    expect(videoAllowance(info('senior', 0))).toEqual({ kind: 'used' });
    expect(videoAllowance(info('', 0))).toEqual({ kind: 'none' });
    expect(videoAllowance(info('', 0, true))).toEqual({ kind: 'unlimited' });
    expect(videoAllowance(null)).toEqual({ kind: 'none' });
  });
});

describe('a picked video', () => {
  it('must be MP4 or WebM of at most 30 MB', () => {
    expect(checkVideoFile({ type: 'video/mp4', size: 31_457_280 })).toBeNull();
    expect(checkVideoFile({ type: 'video/webm;codecs=vp8', size: 10 })).toBeNull();
    expect(checkVideoFile({ type: 'video/mp4', size: 31_457_281 })).toBe('size');
    expect(checkVideoFile({ type: 'video/quicktime', size: 10 })).toBe('type');
    expect(checkVideoFile({ type: '', size: 10 })).toBe('type');
  });
  it('is too long over 60 s; an unknown length is the server’s to read', () => {
    expect(tooLong(60)).toBe(false);
    expect(tooLong(60.5)).toBe(true);
    expect(tooLong(Number.POSITIVE_INFINITY)).toBe(false);
    expect(tooLong(Number.NaN)).toBe(false);
  });
});

describe('recording', () => {
  it('takes opus in WebM where the browser writes it, else MP4', () => {
    expect(recorderType('voice', () => true)).toBe('audio/webm;codecs=opus');
    expect(recorderType('voice', (t) => t.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(recorderType('video', (t) => t === 'video/mp4')).toBe('video/mp4');
    expect(recorderType('voice', () => false)).toBeUndefined();
    expect(mediaFileName('voice', 'audio/webm;codecs=opus')).toBe('voice.weba');
    expect(mediaFileName('voice', 'audio/mp4')).toBe('voice.m4a');
    expect(mediaFileName('video', 'video/webm')).toBe('video.webm');
  });
  it('cancels a voice note when the finger slides 80 px towards the line start', () => {
    expect(slidCancel(-79)).toBe(false);
    expect(slidCancel(-80)).toBe(true);
    expect(slidCancel(90)).toBe(false);
    expect(slidCancel(90, true)).toBe(true);
  });
  it('shows m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(3.9)).toBe('0:03');
    expect(clock(60)).toBe('1:00');
    expect(clock(Number.NaN)).toBe('0:00');
  });
});

describe('peaksOf', () => {
  it('makes at most 64 bars of 0-100, the loudest 100', () => {
    const levels = Array.from({ length: 300 }, (_, i) => (i % 10) / 10);
    const peaks = peaksOf(levels);
    expect(peaks).toHaveLength(64);
    expect(Math.max(...peaks)).toBe(100);
    expect(peaks.every((p) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
  });
  it('keeps a short note’s samples and draws silence flat', () => {
    expect(peaksOf([0.1, 0.2])).toEqual([50, 100]);
    expect(peaksOf([0, 0, 0])).toEqual([0, 0, 0]);
    expect(peaksOf([])).toEqual([]);
  });
});

describe('the cover frame', () => {
  const frame = (pixel: (i: number) => number) => {
    const rgba = new Uint8ClampedArray(16 * 16 * 4);
    for (let i = 0; i < 256; i++) rgba.fill(pixel(i), i * 4, i * 4 + 3);
    return rgba;
  };
  it('is not black, white or one flat colour', () => {
    expect(isClearFrame(frame(() => 0))).toBe(false);
    expect(isClearFrame(frame(() => 255))).toBe(false);
    expect(isClearFrame(frame(() => 128))).toBe(false);
    expect(isClearFrame(frame((i) => (i % 2 ? 60 : 200)))).toBe(true);
  });
  it('is looked for early in the video, and made at most 640 px', () => {
    expect(coverTimes(3)).toEqual([0.1, 0.5, 1, 2, 1.5]);
    expect(coverTimes(0.4)).toEqual([0.1, 0.2]);
    expect(coverSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(coverSize(320, 240)).toEqual({ width: 320, height: 240 });
  });
});

describe('mediaToEvict', () => {
  it('keeps the most recently played within the count and the bytes', () => {
    const e = (url: string, size: number, at: number) => ({ url, size, at });
    expect(mediaToEvict([e('a', 10, 1), e('b', 10, 2), e('c', 10, 3)], 2, 100)).toEqual(['a']);
    expect(mediaToEvict([e('a', 60, 3), e('b', 50, 2), e('c', 30, 1)], 5, 100)).toEqual(['b']);
    expect(mediaToEvict([e('a', 10, 1)], 5, 100)).toEqual([]);
  });
});
