import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

describe('relativeTime', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  it('picks the largest fitting unit in the reader language', () => {
    expect(relativeTime('2026-03-10T07:59:30Z', now, 'en-us')).toBe('30 seconds ago');
    expect(relativeTime('2026-03-10T07:15:00Z', now, 'en-us')).toBe('45 minutes ago');
    expect(relativeTime('2026-03-09T08:00:00Z', now, 'en-us')).toBe('yesterday');
    expect(relativeTime('2026-03-07T08:00:00Z', now, 'de-de')).toBe('vor 3 Tagen');
    expect(relativeTime('garbage', now, 'en-us')).toBe('');
  });
});
