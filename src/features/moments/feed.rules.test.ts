import fc from 'fast-check';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import type { Moment, MomentPhoto } from '#protocol/moment.ts';
import {
  appendPage,
  canPost,
  largestJpeg,
  newerThan,
  photoLayout,
  photoSizes,
  prependNewer,
  pullProgress,
  singleAspect,
  srcSetOf,
  withoutMoment,
} from './feed.rules.ts';
import { placeholderOf } from './placeholder.ts';

const moment = (id: number): Moment =>
  ({ id, text: `m${id}`, images: [], photos: [], createdAt: '', user: { id: 1 } }) as unknown as Moment;
const ids = (list: Moment[]) => list.map((m) => m.id);

describe('feed pages', () => {
  it('appends an older page without repeating a moment', () => {
    expect(ids(appendPage([moment(9), moment(8)], [moment(8), moment(7)]))).toEqual([9, 8, 7]);
  });

  it('finds what a fresh first page holds above the shown moments, and puts it on top', () => {
    const held = [moment(9), moment(8)];
    const fresh = [moment(12), moment(11), moment(9)];
    expect(ids(newerThan(held, fresh))).toEqual([12, 11]);
    expect(ids(newerThan([], fresh))).toEqual([12, 11, 9]);
    expect(ids(prependNewer(held, [moment(11), moment(12), moment(9)]))).toEqual([12, 11, 9, 8]);
    expect(ids(withoutMoment(held, 9))).toEqual([8]);
  });

  it('stays newest first and without repeats whatever the pages hold', () => {
    const sortedIds = fc.uniqueArray(fc.integer({ min: 1, max: 500 })).map((a) => a.sort((x, y) => y - x));
    fc.assert(
      fc.property(sortedIds, sortedIds, (a, b) => {
        const held = a.map(moment);
        const merged = prependNewer(held, newerThan(held, b.map(moment)));
        const out = ids(merged);
        return new Set(out).size === out.length && out.every((id, i) => i === 0 || (out[i - 1] ?? 0) > id);
      }),
    );
  });
});

describe('canPost', () => {
  it('needs text or a photo, within 1,000 characters and 9 photos, once uploads are done', () => {
    expect(canPost('', 0, false)).toBe(false);
    expect(canPost('  \n', 0, false)).toBe(false);
    expect(canPost('hi', 0, false)).toBe(true);
    expect(canPost('', 1, false)).toBe(true);
    expect(canPost('', 1, true)).toBe(false);
    expect(canPost('x'.repeat(1000), 0, false)).toBe(true);
    expect(canPost('x'.repeat(1001), 0, false)).toBe(false);
    expect(canPost('', 10, false)).toBe(false);
  });
});

describe('photos', () => {
  const photo: MomentPhoto = {
    url: '/uploads/a.jpg',
    alt: '',
    width: 2000,
    height: 1500,
    thumbhash: '',
    sources: [
      { width: 320, height: 240, webp: '/uploads/a-w320.webp', jpeg: '/uploads/a-w320.jpg' },
      { width: 640, height: 480, webp: '/uploads/a-w640.webp', jpeg: '/uploads/a-w640.jpg' },
    ],
  };

  it('lays out one large, two and four in pairs, the rest in threes', () => {
    expect([1, 2, 3, 4, 5, 9].map(photoLayout)).toEqual(['single', 'two', 'grid', 'four', 'grid', 'grid']);
  });

  it('tells the browser the drawn width, so a phone takes a small file', () => {
    expect(photoSizes('single')).toBe('(min-width: 641px) 608px, calc(100vw - 64px)');
    expect(photoSizes('grid')).toBe('(min-width: 641px) 203px, calc((100vw - 64px) / 3)');
  });

  it('offers each size once per format, and the largest JPEG to the lightbox', () => {
    expect(srcSetOf(photo, 'webp')).toBe('/uploads/a-w320.webp 320w, /uploads/a-w640.webp 640w');
    expect(srcSetOf(photo, 'jpeg')).toBe('/uploads/a-w320.jpg 320w, /uploads/a-w640.jpg 640w');
    expect(srcSetOf({ sources: [] }, 'jpeg')).toBeUndefined();
    expect(largestJpeg(photo)).toBe('/uploads/a-w640.jpg');
    expect(largestJpeg({ ...photo, sources: [] })).toBe('/uploads/a.jpg');
  });

  it('keeps a single photo within portrait 4:5 and panorama 2:1', () => {
    expect(singleAspect({ width: 1000, height: 3000 })).toBe(0.8);
    expect(singleAspect({ width: 4000, height: 1000 })).toBe(2);
    expect(singleAspect({ width: null, height: null })).toBeCloseTo(4 / 3);
  });

  it('draws a ThumbHash as a PNG data URL, and nothing for a bad one', () => {
    const rgba = new Uint8Array(8 * 8 * 4).fill(200);
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(8, 8, rgba)));
    expect(placeholderOf(hash)).toMatch(/^data:image\/png;base64,/);
    expect(placeholderOf('')).toBeUndefined();
    expect(placeholderOf('%%%')).toBeUndefined();
  });

  it('measures the pull', () => {
    expect(pullProgress(-10)).toBe(0);
    expect(pullProgress(36)).toBe(0.5);
    expect(pullProgress(500)).toBe(1);
  });
});
