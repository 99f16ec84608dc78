/**
 * A refusal from the server (4xx) shown beside the field it is about. The server's messages start with the field's
 * wire name ('oldPassword is wrong', 'birthday: you must be at least 18', 'Username is already taken'); the ones a
 * member meets in normal use get their own words in every language, any other is shown as the server wrote it.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '#lib/http.ts';

const KNOWN: Record<string, MessageDescriptor> = {
  'oldPassword is wrong': msg`The current password is wrong`,
  'password is wrong': msg`The current password is wrong`,
  'code is wrong or has expired': msg`The code is wrong or has expired`,
  'Username is already taken': msg`Username is already taken`,
  'email is already your address': msg`This is already your e-mail address`,
  'birthday: you must be at least 18': msg`You must be at least 18 years old`,
};

export interface ServerFieldError<F extends string> {
  /** The field the message is about, or undefined for the form as a whole (429, 5xx, no connection). */
  field: F | undefined;
  /** A translated text for a known message, else the server's own. */
  text: MessageDescriptor | string;
}

export function serverFieldError<F extends string>(message: string, fields: readonly F[]): ServerFieldError<F> {
  const first = /^[A-Za-z]+/.exec(message)?.[0]?.toLowerCase();
  const field = fields.find((f) => f.toLowerCase() === first);
  return { field, text: KNOWN[message] ?? message };
}

/**
 * What a form shows for a failed call: a 4xx beside its field when it names one of `fields`, anything else (429,
 * 5xx, no connection) for the form as a whole, `fallback` when there is no message at all.
 */
export function refusalOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  i18n: I18n,
  fallback: string,
): { field: F | undefined; message: string } {
  if (error instanceof ApiError && error.code < 500 && error.message) {
    const { field, text } = serverFieldError(error.message, fields);
    return { field, message: typeof text === 'string' ? text : i18n._(text) };
  }
  return { field: undefined, message: error instanceof Error && error.message ? error.message : fallback };
}
