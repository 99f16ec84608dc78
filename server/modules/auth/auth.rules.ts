/** Pure rules of sign-in: token and code hashing, session freshness. */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { RESET_CODE_MINUTES, TOKEN_IDLE_DAYS } from '#protocol/constants.ts';

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often, so reads of a busy session do not each write a row. */
export const TOUCH_INTERVAL_MS = 60_000;

/** 32 random bytes: the opaque token the member holds; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Shape check before any database work: a base64url string of 43 characters. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function isSessionFresh(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() < TOKEN_IDLE_DAYS * DAY_MS;
}

export function shouldTouch(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= TOUCH_INTERVAL_MS;
}

export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Keyed, because a plain hash of six digits is reversed by trying all million of them. */
export function hashResetCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email.toLowerCase()}\n${code}`).digest('hex');
}

export function resetCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + RESET_CODE_MINUTES * 60_000);
}
