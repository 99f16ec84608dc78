/**
 * /profile's form rules: the values a form edits, what the member may type (docs/product.md, Validation; the
 * server's bounds of docs/api.md, register), and the changes a save sends (only the fields that changed).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isNonEmpty, isUsername } from '#lib/validators.ts';
import { ageOn, type UserInfo } from '#protocol/user.ts';
import type { ProfileChanges } from '../api.ts';

export interface ProfileValues {
  username: string;
  birthday: string;
  gender: string;
  height: string;
  weight: string;
  countryId: string;
  /** The stored English name, kept when the member's country is not one of the list's. */
  country: string;
  language: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, MessageDescriptor>>;

/** The bounds the server keeps (protocol/auth.ts): height 50-272 cm, weight 20-500 kg, age 18-120. */
export const BOUNDS = { height: [50, 272], weight: [20, 500], age: [18, 120] } as const;

export function profileValues(user: UserInfo): ProfileValues {
  return {
    username: user.username ?? '',
    birthday: user.birthday ?? '',
    gender: user.gender === 1 || user.gender === 2 ? String(user.gender) : '',
    height: user.height ? String(user.height) : '',
    weight: user.weight ? String(user.weight) : '',
    countryId: user.countryId ? String(user.countryId) : '',
    country: user.country ?? '',
    language: user.language ?? '',
  };
}

/** Number input of docs/product.md: only digits are kept for a whole number, without leading zeros. */
export function wholeNumberInput(typed: string, maxDigits = 3): string {
  return typed.replace(/\D/g, '').replace(/^0+/, '').slice(0, maxDigits);
}

function inRange(value: string, [min, max]: readonly [number, number]): boolean {
  const n = Number(value);
  return /^\d+$/.test(value) && n >= min && n <= max;
}

/** `today` is injectable so the age rules are testable. */
export function validateProfile(v: ProfileValues, today = new Date()): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!isNonEmpty(v.username)) errors.username = msg`Please enter username`;
  else if (!isUsername(v.username.trim())) errors.username = msg`Use 2-20 letters, digits or underscores`;
  if (!isNonEmpty(v.birthday)) errors.birthday = msg`Please enter your date of birth`;
  else {
    const age = ageOn(v.birthday, today);
    if (Number.isNaN(age) || age > BOUNDS.age[1]) errors.birthday = msg`Please enter your date of birth`;
    else if (age < BOUNDS.age[0]) errors.birthday = msg`You must be at least 18 years old`;
  }
  if (v.gender !== '1' && v.gender !== '2') errors.gender = msg`Please choose gender`;
  if (!isNonEmpty(v.countryId) && !isNonEmpty(v.country)) errors.countryId = msg`Please choose country`;
  if (v.height && !inRange(v.height, BOUNDS.height)) errors.height = msg`Please enter height`;
  if (v.weight && !inRange(v.weight, BOUNDS.weight)) errors.weight = msg`Please enter weight`;
  return errors;
}

/**
 * What a save sends: the fields whose value differs from the stored profile. `countryName` turns a chosen id into
 * the stored English name. An emptied height or weight is sent as null (removed).
 */
export function profileChanges(
  before: ProfileValues,
  after: ProfileValues,
  countryName: (id: number) => string,
): ProfileChanges {
  const changes: ProfileChanges = {};
  const username = after.username.trim();
  if (username !== before.username) changes.username = username;
  if (after.birthday !== before.birthday) changes.birthday = after.birthday;
  if (after.gender !== before.gender) changes.gender = Number(after.gender);
  if (after.height !== before.height) changes.height = after.height ? Number(after.height) : null;
  if (after.weight !== before.weight) changes.weight = after.weight ? Number(after.weight) : null;
  if (after.countryId !== before.countryId && after.countryId) {
    const id = Number(after.countryId);
    changes.countryId = id;
    changes.country = countryName(id) || after.country;
  }
  if (after.language !== before.language) changes.language = after.language;
  return changes;
}
