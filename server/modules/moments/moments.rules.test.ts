import { describe, expect, it } from 'vitest';
import type { Moment } from '#protocol/moment.ts';
import { DomainError } from '../../domain/errors.ts';
import { variantWidths } from '../files/files.image.ts';
import { checkCanDelete, checkCursor, firstPageFrom, keyOfUrl, splitPage, toPhoto } from './moments.rules.ts';

const failureOf = (f: () => void) => {
  try {
    f();
    return 'ok';
  } catch (error) {
    return error instanceof DomainError ? error.failure : 'bug';
  }
};

describe('moment rules', () => {
  it('lets only the author delete; a missing moment is notFound', () => {
    expect(failureOf(() => checkCanDelete(7, 7))).toBe('ok');
    expect(failureOf(() => checkCanDelete(7, 8))).toBe('forbidden');
    expect(failureOf(() => checkCanDelete(undefined, 8))).toBe('notFound');
  });

  it('takes only cursors up to the last id handed out', () => {
    expect(failureOf(() => checkCursor(undefined, 0))).toBe('ok');
    expect(failureOf(() => checkCursor(5, 5))).toBe('ok');
    expect(failureOf(() => checkCursor(6, 5))).toBe('invalid');
    expect(failureOf(() => checkCursor(1, 0))).toBe('invalid');
  });

  it('gives a next cursor only when a row beyond the page was read', () => {
    const rows = ['9', '8', '7'].map((id) => ({ id }));
    expect(splitPage(rows, 2)).toEqual({ page: rows.slice(0, 2), nextCursor: '8' });
    expect(splitPage(rows, 3)).toEqual({ page: rows, nextCursor: null });
    expect(splitPage([], 3)).toEqual({ page: [], nextCursor: null });
  });

  it('finds storage keys only under our uploads path', () => {
    expect(keyOfUrl('/uploads/abc.jpg')).toBe('abc.jpg');
    expect(keyOfUrl('/uploads/u3/abc.jpg')).toBe('u3/abc.jpg');
    expect(keyOfUrl('https://cdn.example.com/abc.jpg')).toBeUndefined();
  });

  it('makes each listed width narrower than the image, then its own', () => {
    expect(variantWidths(100)).toEqual([100]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(2000)).toEqual([320, 640, 1280, 2000]);
  });

  it('keeps an unknown image as its URL alone', () => {
    expect(toPhoto({ url: '/uploads/x.jpg', alt: 'x' }, undefined, (k) => `/uploads/${k}`)).toEqual({
      url: '/uploads/x.jpg',
      alt: 'x',
      width: null,
      height: null,
      thumbhash: '',
      sources: [],
    });
  });

  it('serves the first page from the newest moments unless blocks leave too few', () => {
    const recent = [9, 8, 7, 6].map((id) => ({ id, user: { id: id % 2 } }) as unknown as Moment);
    const ids = (p: ReturnType<typeof firstPageFrom>) => p && { ids: p.list.map((m) => m.id), next: p.nextCursor };
    expect(ids(firstPageFrom(recent, false, new Set(), 2))).toEqual({ ids: [9, 8], next: '8' });
    expect(ids(firstPageFrom(recent, false, new Set([1]), 2))).toBeUndefined();
    expect(ids(firstPageFrom(recent, true, new Set([1]), 2))).toEqual({ ids: [8, 6], next: null });
    expect(ids(firstPageFrom(recent, true, new Set([1]), 1))).toEqual({ ids: [8], next: '8' });
    expect(ids(firstPageFrom(recent, false, new Set([0]), 1))).toEqual({ ids: [9], next: '9' });
  });
});
