/** Validation rules of docs/product.md, Validation, pure and shared by the forms and the server. */
import { LIMITS } from './constants.ts';

/** A local part, an @, a 2-10 character alphanumeric domain label, then 1-3 suffixes of 2-4 lowercase letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9]{2,10}(\.[a-z]{2,4}){1,3}$/;

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.email && EMAIL_PATTERN.test(value);
}

/** A text counts as non-empty only if it holds a non-whitespace character. */
export function isNonEmpty(value: string | null | undefined): boolean {
  return typeof value === 'string' && /\S/.test(value);
}

export function isPasswordLength(value: string): boolean {
  return value.length >= LIMITS.passwordMin && value.length <= LIMITS.passwordMax;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{2,20}$/;

export function isUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

/** Passwords travel as the lowercase hex md5 of what was typed. */
export const MD5_PATTERN = /^[0-9a-f]{32}$/;

export function isMd5(value: string): boolean {
  return MD5_PATTERN.test(value);
}

/** YYYY-MM-DD that names a real calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
