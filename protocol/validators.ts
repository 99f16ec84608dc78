/** Validation rules of docs/product.md, Validation, pure and shared by the forms and the server. */
import { z } from 'zod';
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

/*
 * What PostgreSQL can store. Every string and id a member sends, on every route and frame, goes through the zod
 * building blocks below, so no input can fail inside SQL (a 500, or a whole chat batch lost) instead of a 400 that
 * names the field and the rule. The factories build a schema when called, so the client, which imports the
 * predicates above, never loads zod through this file.
 */

/** PostgreSQL `integer` (int4): member ids and every other integer column. */
export const INT4_MAX = 2_147_483_647;
/** `bigserial` ids (messages) as far as a JavaScript number holds them exactly. */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

/** PostgreSQL refuses NUL (U+0000) in text. */
export function hasNul(value: string): boolean {
  return value.includes('\0');
}

/** A UTF-16 surrogate that is not half of a pair: it has no UTF-8 form, so it would be stored as U+FFFD or refused. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** Text PostgreSQL stores exactly as sent. */
export function isSafeText(value: string): boolean {
  return !hasNul(value) && !hasLoneSurrogate(value);
}

/** The rule messages, shared by the zod blocks and the hand-written query parsers. */
export const TEXT_RULES = {
  nul: (field: string) => `${field} must not contain a NUL character`,
  surrogate: (field: string) => `${field} must not contain an unpaired surrogate (invalid Unicode)`,
} as const;

/** The message for text that breaks a rule, or undefined when it is safe. */
export function unsafeTextMessage(field: string, value: string): string | undefined {
  if (hasNul(value)) return TEXT_RULES.nul(field);
  if (hasLoneSurrogate(value)) return TEXT_RULES.surrogate(field);
  return undefined;
}

export const idRule = (field: string, what = 'a user id', max = INT4_MAX) =>
  `${field} must be ${what} (a whole number from 1 to ${max})`;

/** 'is required' when the field is absent or null, `${field} ${rule}` when it has another type. */
export const missingOr = (field: string, rule: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${field} is required` : `${field} ${rule}`;

/** Adds the storable-text rules (no NUL, no unpaired surrogate) to a string schema with its own messages. */
export function storable<S extends z.ZodString>(schema: S, field: string): S {
  return schema
    .refine((v) => !hasNul(v), { error: TEXT_RULES.nul(field) })
    .refine((v) => !hasLoneSurrogate(v), { error: TEXT_RULES.surrogate(field) });
}

/** A string of at most `max` UTF-16 units without NUL or unpaired surrogates; may be empty. */
export function safeText(field: string, max: number) {
  return storable(
    z
      .string({ error: missingOr(field, 'must be a string') })
      .max(max, { error: `${field} must be at most ${max} characters` }),
    field,
  );
}

/** safeText that must hold a non-whitespace character. */
export function requiredText(field: string, max: number) {
  return safeText(field, max).refine(isNonEmpty, { error: `${field} is required` });
}

/** A JSON number that is a row id: whole, 1 to `max` (int4 for members, a safe integer for bigserial ids). */
export function dbId(field: string, what = 'a user id', max = INT4_MAX) {
  const rule = idRule(field, what, max);
  return z
    .number({ error: (i) => (i.input === undefined || i.input === null ? `${field} is required` : rule) })
    .int({ error: rule })
    .min(1, { error: rule })
    .max(max, { error: rule });
}

/** A message id (bigserial), as a JSON number. */
export const messageId = (field: string) => dbId(field, 'a message id', MAX_SAFE_ID);

/**
 * A whole number sent as text (path segment or query value): 1-16 ASCII digits, then `min` to `max`. No sign,
 * exponent, decimal point or blank; an empty query value counts as absent (docs/product.md, Validation).
 */
export function wholeNumberText(field: string, min: number, max: number, rule?: string) {
  const message = rule ?? `${field} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${field} is required` : message) })
    .regex(/^\d{1,16}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message });
}

/** A row id sent as text (`/base/{userId}`, `?before=`). */
export function idText(field: string, what = 'a user id', max = INT4_MAX) {
  return wholeNumberText(field, 1, max, idRule(field, what, max));
}

/** A query value that may be left out: absent, null and '' all come out as undefined. */
export function optionalQuery<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/**
 * Bidirectional formatting controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the
 * direction marks (U+200E, U+200F, U+061C). In a name they disguise text ('gnp<RLO>exe' shows as 'gnpexe' reversed).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

export function hasBidiControls(value: string): boolean {
  return value.search(BIDI_CONTROLS) !== -1;
}

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}
