import { describe, expect, it } from 'vitest';
import { escapeLike } from './social.repository.ts';
import { REPORTS_PER_HOUR, reportRetryAfter, toWindow } from './social.rules.ts';

describe('social rules', () => {
  it('a page is an offset and a limit', () => {
    expect(toWindow({ page: 1, size: 10 })).toEqual({ offset: 0, limit: 10 });
    expect(toWindow({ page: 3, size: 20 })).toEqual({ offset: 40, limit: 20 });
  });
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
    expect(escapeLike('alice')).toBe('alice');
  });
  it('the report limit waits for the oldest report of the hour to leave it', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    const oldest = new Date('2026-03-10T07:10:00Z');
    expect(reportRetryAfter({ n: REPORTS_PER_HOUR - 1, oldest }, now)).toBe(0);
    expect(reportRetryAfter({ n: REPORTS_PER_HOUR, oldest }, now)).toBe(600);
    expect(reportRetryAfter({ n: REPORTS_PER_HOUR, oldest: new Date('2026-03-10T07:00:00.500Z') }, now)).toBe(1);
  });
});
