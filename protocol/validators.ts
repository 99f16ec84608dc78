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

/**
 * A key of our own uploads: one optional folder (an upload type, or `avatars` of the demo members) and a plain file
 * name. No `..`, no `//`, no scheme, no query, no percent-escapes, nothing before it (whitespace, control characters).
 */
const UPLOAD_KEY = '(?:[a-z0-9][a-z0-9_-]{0,31}/)?[A-Za-z0-9][A-Za-z0-9_-]{0,127}\\.';
/** SVG only for the demo members' generated avatars; uploads are JPEG or PNG. */
export const OWN_UPLOAD_PATH = new RegExp(`^/uploads/${UPLOAD_KEY}(?:jpg|png|svg)$`);
const STORAGE_KEY = new RegExp(`^${UPLOAD_KEY}(?:jpg|png)$`);
const STORAGE_BASE = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?\/(?:[A-Za-z0-9_-]+\/)*$/;

/**
 * The only image URLs a member may store (avatar, chat photo, moment): a path `/uploads/...` of our own uploads, or
 * a key under `storageBase` (the configured object storage: an https URL ending in `/`) when one is given. The value
 * is judged exactly as sent, never trimmed or decoded first.
 */
export function isOwnUploadUrl(value: string, storageBase?: string): boolean {
  if (OWN_UPLOAD_PATH.test(value)) return true;
  if (!storageBase || !STORAGE_BASE.test(storageBase) || !value.startsWith(storageBase)) return false;
  return STORAGE_KEY.test(value.slice(storageBase.length));
}
