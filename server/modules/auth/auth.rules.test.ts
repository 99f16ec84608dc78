import { describe, expect, it } from 'vitest';
import {
  codeRequestRetryAfter,
  hashResetCode,
  hashToken,
  isSessionFresh,
  looksLikeToken,
  newResetCode,
  newToken,
  requesterOfAddress,
  sameHash,
  shouldTouch,
} from './auth.rules.ts';

const DAY = 86_400_000;

describe('auth rules', () => {
  it('tokens are 256-bit base64url and hash to 64 hex digits', () => {
    const a = newToken();
    expect(looksLikeToken(a)).toBe(true);
    expect(a).not.toBe(newToken());
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeToken('short')).toBe(false);
    expect(looksLikeToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('a session is fresh for 30 days after its last use', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(isSessionFresh(new Date(now.getTime() - 30 * DAY + 1), now)).toBe(true);
    expect(isSessionFresh(new Date(now.getTime() - 30 * DAY), now)).toBe(false);
  });

  it('last use is written at most once a minute', () => {
    const now = new Date('2026-05-01T00:01:00Z');
    expect(shouldTouch(new Date('2026-05-01T00:00:30Z'), now)).toBe(false);
    expect(shouldTouch(new Date('2026-05-01T00:00:00Z'), now)).toBe(true);
  });

  it('reset codes are six digits, hashed with a key and the address (any case)', () => {
    for (let i = 0; i < 50; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
    expect(hashResetCode('k', 'A@example.com', '123456')).toBe(hashResetCode('k', 'a@example.com', '123456'));
    expect(hashResetCode('k', 'a@example.com', '123456')).not.toBe(hashResetCode('other', 'a@example.com', '123456'));
    expect(hashResetCode('k', 'a@example.com', '123456')).not.toBe(hashResetCode('k', 'b@example.com', '123456'));
  });

  it('code requests: 60 s between two, 5 in any 24 hours', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(codeRequestRetryAfter({ n: 0, last: null, oldest: null }, now)).toBe(0);
    expect(codeRequestRetryAfter({ n: 1, last: ago(0), oldest: ago(0) }, now)).toBe(60);
    expect(codeRequestRetryAfter({ n: 1, last: ago(59.5), oldest: ago(59.5) }, now)).toBe(1);
    expect(codeRequestRetryAfter({ n: 1, last: ago(60), oldest: ago(60) }, now)).toBe(0);
    expect(codeRequestRetryAfter({ n: 4, last: ago(600), oldest: ago(3600) }, now)).toBe(0);
    expect(codeRequestRetryAfter({ n: 5, last: ago(600), oldest: ago(3600) }, now)).toBe(86_400 - 3600);
  });

  it('requesters are keyed by address in any case, and hashes compare whole', () => {
    expect(requesterOfAddress('k', 'A@example.com')).toBe(requesterOfAddress('k', 'a@example.com'));
    expect(requesterOfAddress('k', 'a@example.com')).not.toContain('example');
    expect(sameHash('abc', 'abc')).toBe(true);
    expect(sameHash('abc', 'abd')).toBe(false);
    expect(sameHash('abc', 'abcd')).toBe(false);
  });
});
