/** Pure rules of sign-in: token and code hashing, session freshness. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_RESEND_SECONDS, CODES_PER_DAY, RESET_CODE_MINUTES, TOKEN_IDLE_DAYS } from '#protocol/constants.ts';

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

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Who asks for codes, without storing addresses of people who may have no account: an HMAC of the address. */
export function requesterOfAddress(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`requester\n${email.toLowerCase()}`).digest('hex');
}

export const CODE_WINDOW_MS = DAY_MS;

/**
 * Seconds until another code may be requested, 0 when it may be now: CODE_RESEND_SECONDS after the last request,
 * and at most CODES_PER_DAY in any 24 hours (then until the oldest of them leaves the window).
 */
export function codeRequestRetryAfter(
  recent: { n: number; last: Date | null; oldest: Date | null },
  now: Date,
): number {
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  if (recent.n >= CODES_PER_DAY && recent.oldest) {
    return seconds(recent.oldest.getTime() + CODE_WINDOW_MS - now.getTime());
  }
  if (recent.last) {
    const wait = recent.last.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime();
    if (wait > 0) return seconds(wait);
  }
  return 0;
}

export const codeRequestMessage = (retryAfter: number) =>
  `Please wait ${retryAfter} seconds before asking for another code`;
