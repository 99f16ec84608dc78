import { describe, expect, it } from 'vitest';
import { pagerItems, validPageSize } from './pagination.rules.ts';

describe('pagerItems', () => {
  it('shows every page when they fit', () => {
    expect(pagerItems(1, 1, 7)).toEqual([1]);
    expect(pagerItems(3, 7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(2, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('7 buttons: first, last and a run around the current page, gaps in between', () => {
    expect(pagerItems(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pagerItems(4, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pagerItems(10, 20, 7)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pagerItems(20, 20, 7)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
  });
  it('5 buttons in small mode', () => {
    expect(pagerItems(1, 9, 5)).toEqual([1, 2, 3, 4, 'gap-after', 9]);
    expect(pagerItems(5, 9, 5)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 9]);
    expect(pagerItems(9, 9, 5)).toEqual([1, 'gap-before', 6, 7, 8, 9]);
  });
  it('always holds the current page, never more numbers than buttons, in order', () => {
    for (const buttons of [5, 7]) {
      for (let count = 1; count <= 30; count += 1) {
        for (let page = 1; page <= count; page += 1) {
          const items = pagerItems(page, count, buttons);
          const numbers = items.filter((i): i is number => typeof i === 'number');
          expect(numbers).toContain(page);
          expect(numbers.length).toBeLessThanOrEqual(buttons);
          expect(numbers[0]).toBe(1);
          expect(numbers.at(-1)).toBe(count);
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        }
      }
    }
  });
});

describe('validPageSize', () => {
  it('keeps the six sizes and falls back to 10', () => {
    expect(validPageSize(50)).toBe(50);
    expect(validPageSize('20')).toBe(20);
    expect(validPageSize(7)).toBe(10);
    expect(validPageSize(null)).toBe(10);
  });
});
