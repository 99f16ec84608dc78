import { describe, expect, it } from 'vitest';
import {
  hashResetCode,
  hashToken,
  isSessionFresh,
  looksLikeToken,
  newResetCode,
  newToken,
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
});
