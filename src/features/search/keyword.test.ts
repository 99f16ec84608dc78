import { describe, expect, it } from 'vitest';
import { parseKeyword } from '#protocol/social.ts';
import { keywordFromSearch } from './keyword.ts';

describe('keywordFromSearch', () => {
  it('accepts exactly what protocol parseKeyword accepts, trimmed the same way', () => {
    const cases: unknown[] = [
      'alice',
      '  bob  ',
      '',
      '   ',
      'x'.repeat(50),
      'x'.repeat(51),
      '你'.repeat(50),
      'a\u0000b',
      'a\ud800',
      '\udc00b',
      '😀',
      3,
      null,
      ['a'],
    ];
    for (const value of cases) {
      const expected = parseKeyword(value);
      expect(keywordFromSearch(value), JSON.stringify(value)).toBe(typeof expected === 'string' ? expected : null);
    }
  });
});
