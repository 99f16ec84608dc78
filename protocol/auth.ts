/** Request bodies of docs/api.md, Authentication and Users, as zod schemas whose messages name field and rule. */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import {
  EMAIL_PATTERN,
  hasBidiControls,
  isIsoDate,
  isOwnUploadUrl,
  MD5_PATTERN,
  missingOr,
  requiredText as required,
  safeText as text,
  USERNAME_PATTERN,
} from './validators.ts';

export const md5Password = (field = 'password') =>
  z
    .string({ error: missingOr(field, 'must be a string') })
    .regex(MD5_PATTERN, { error: `${field} must be the lowercase hex md5 of the typed password` });

export const emailField = z
  .string({ error: missingOr('email', 'must be a string') })
  .trim()
  .max(LIMITS.email, { error: `email must be at most ${LIMITS.email} characters` })
  .regex(EMAIL_PATTERN, { error: 'email is not a valid e-mail address' });

/** A name with a direction control is refused, not stripped: the member sees their name as they typed it or not at all. */
export const usernameField = z
  .string({ error: missingOr('username', 'must be a string') })
  .refine((v) => !hasBidiControls(v), {
    error: 'username must not contain right-to-left or other text direction controls',
    abort: true,
  })
  .regex(USERNAME_PATTERN, {
    error: `username must be ${LIMITS.usernameMin}-${LIMITS.usernameMax} letters, digits or underscores`,
  });

export const birthdayField = z
  .string({ error: missingOr('birthday', 'must be a string') })
  .refine(isIsoDate, { error: 'birthday must be a date as YYYY-MM-DD' });

export const genderField = z.union([z.literal(1), z.literal(2)], {
  error: missingOr('gender', 'must be 1 (male) or 2 (female)'),
});

const optionalInt = (field: string, min: number, max: number) =>
  z
    .number({ error: missingOr(field, 'must be a number') })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be at least ${min}` })
    .max(max, { error: `${field} must be at most ${max}` })
    .nullish();

export const registerBody = z.object({
  username: usernameField,
  email: emailField,
  password: md5Password(),
  birthday: birthdayField,
  gender: genderField,
  country: required('country', 64),
  countryId: optionalInt('countryId', 0, 100_000),
  height: optionalInt('height', 50, 272),
  weight: optionalInt('weight', 20, 500),
  language: text('language', 16).nullish(),
  invitationCode: text('invitationCode', 64).nullish(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  keyword: required('keyword', LIMITS.email),
  password: md5Password(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const codeBody = z.object({ email: emailField });

const codeField = z
  .string({ error: missingOr('code', 'must be a string') })
  .regex(/^\d{6}$/, { error: 'code must be the 6 digits from the e-mail' });

export const resetBody = z.object({
  email: emailField,
  code: codeField,
  password: md5Password(),
});
export type ResetBody = z.infer<typeof resetBody>;

export const passwordBody = z.object({
  oldPassword: md5Password('oldPassword'),
  newPassword: md5Password('newPassword'),
});

/** Profile fields of docs/api.md, Users (update), any subset; unknown fields are ignored. */
export const updateBody = z.object({
  avatar: text('avatar', 1024)
    .refine((v) => v === '' || isOwnUploadUrl(v), { error: 'avatar must be the path of an image uploaded here' })
    .optional(),
  birthday: birthdayField.optional(),
  country: required('country', 64).optional(),
  countryId: optionalInt('countryId', 0, 100_000),
  email: emailField.optional(),
  gender: genderField.optional(),
  height: optionalInt('height', 50, 272),
  sign: text('sign', LIMITS.sign).optional(),
  username: usernameField.optional(),
  weight: optionalInt('weight', 20, 500),
  language: text('language', 16).optional(),
});
export type UpdateBody = z.infer<typeof updateBody>;

/** POST /api/system/user/email/code: the new address and the current password. */
export const emailCodeBody = z.object({ email: emailField, password: md5Password() });
export type EmailCodeBody = z.infer<typeof emailCodeBody>;

/** PUT /api/system/user/email: the new address and the code mailed to it. */
export const emailChangeBody = z.object({ email: emailField, code: codeField });
export type EmailChangeBody = z.infer<typeof emailChangeBody>;
