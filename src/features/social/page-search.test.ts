import { describe, expect, it } from 'vitest';
import { parsePageSearch } from './page-search.ts';

describe('parsePageSearch', () => {
  it('keeps whole pages above 1 only', () => {
    expect(parsePageSearch({ page: 3 })).toEqual({ page: 3 });
    expect(parsePageSearch({ page: '2' })).toEqual({ page: 2 });
    expect(parsePageSearch({ page: 1 })).toEqual({});
    expect(parsePageSearch({ page: 'x' })).toEqual({});
    expect(parsePageSearch({ page: 1.5 })).toEqual({});
  });
});
