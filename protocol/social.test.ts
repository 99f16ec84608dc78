import { describe, expect, it } from 'vitest';
import { pageCount, parseKeyword, parsePageQuery } from './social.ts';

describe('parsePageQuery', () => {
  it('defaults to page 1 and size 10; empty values count as absent', () => {
    expect(parsePageQuery({})).toEqual({ page: 1, size: 10 });
    expect(parsePageQuery({ page: '', size: '' })).toEqual({ page: 1, size: 10 });
    expect(parsePageQuery({ page: '3', size: '50' })).toEqual({ page: 3, size: 50 });
    expect(parsePageQuery({ page: 2, size: 5 })).toEqual({ page: 2, size: 5 });
  });
  it('accepts only the six sizes and pages from 1', () => {
    for (const size of ['1', '15', '60', '0', '5.0', 'x']) expect(parsePageQuery({ size })).toHaveProperty('error');
    for (const page of ['0', '-2', '1e3', '10001', ' 1']) expect(parsePageQuery({ page })).toHaveProperty('error');
  });
});

describe('parseKeyword', () => {
  it('trims, requires and caps at 50 characters (counted as characters, not UTF-16 units)', () => {
    expect(parseKeyword('  ali ')).toBe('ali');
    expect(parseKeyword('')).toEqual({ error: 'keyword is required' });
    expect(parseKeyword(undefined)).toEqual({ error: 'keyword is required' });
    expect(parseKeyword('😀'.repeat(50))).toBe('😀'.repeat(50));
    expect(parseKeyword('a'.repeat(51))).toEqual({ error: 'keyword must be at most 50 characters' });
  });
});

describe('pageCount', () => {
  it('is at least 1', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
