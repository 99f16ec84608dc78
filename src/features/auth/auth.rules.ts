/** Form rules of docs/product.md, Validation. Each gives the first failing message per field, as lingui descriptors. */

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isEmail, isNonEmpty, isPasswordLength, isUsername } from '#lib/validators.ts';
import { ageOn } from '#protocol/user.ts';

export type Errors<K extends string> = Partial<Record<K, MessageDescriptor>>;

export function hasErrors(errors: Errors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function passwordRule(value: string): MessageDescriptor | undefined {
  if (!isNonEmpty(value)) return msg`Please enter password`;
  if (!isPasswordLength(value)) return msg`Password length 4-20`;
  return undefined;
}

function confirmRule(password: string, confirm: string): MessageDescriptor | undefined {
  if (!isNonEmpty(confirm)) return msg`Please confirm the password`;
  if (confirm !== password) return msg`Two passwords are inconsistent`;
  return undefined;
}

function emailRule(value: string): MessageDescriptor | undefined {
  if (!isNonEmpty(value)) return msg`Please enter email`;
  if (!isEmail(value.trim())) return msg`Please input the correct email`;
  return undefined;
}

export interface LoginValues {
  keyword: string;
  password: string;
}

export function validateLogin(v: LoginValues): Errors<keyof LoginValues> {
  return {
    keyword: isNonEmpty(v.keyword) ? undefined : msg`Please enter username or e-mail`,
    password: isNonEmpty(v.password) ? undefined : msg`Please enter password`,
  };
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
  birthday: string;
  gender: string;
  countryId: string;
  height: string;
  weight: string;
  agree: boolean;
}

/** `today` is injectable so the 18+ rule is testable. */
export function validateRegister(v: RegisterValues, today = new Date()): Errors<keyof RegisterValues> {
  const errors: Errors<keyof RegisterValues> = {};
  if (!isNonEmpty(v.username)) errors.username = msg`Please enter username`;
  else if (!isUsername(v.username.trim())) errors.username = msg`Use 2-20 letters, digits or underscores`;
  errors.email = emailRule(v.email);
  errors.password = passwordRule(v.password);
  errors.confirm = confirmRule(v.password, v.confirm);
  if (!isNonEmpty(v.birthday)) errors.birthday = msg`Please enter your date of birth`;
  else if (ageOn(v.birthday, today) < 18) errors.birthday = msg`You must be at least 18 years old`;
  if (v.gender !== '1' && v.gender !== '2') errors.gender = msg`Please choose gender`;
  if (!isNonEmpty(v.countryId)) errors.countryId = msg`Please choose country`;
  if (v.height && !/^\d{2,3}$/.test(v.height.trim())) errors.height = msg`Please enter height`;
  if (v.weight && !/^\d{2,3}$/.test(v.weight.trim())) errors.weight = msg`Please enter weight`;
  if (!v.agree) errors.agree = msg`Please agree to the user agreement`;
  return errors;
}

export function validateResetEmail(email: string): Errors<'email'> {
  return { email: emailRule(email) };
}

export interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

export function validateReset(v: ResetValues): Errors<keyof ResetValues> {
  return {
    email: emailRule(v.email),
    code: isNonEmpty(v.code) ? undefined : msg`Please enter the verification code`,
    password: passwordRule(v.password),
    confirm: confirmRule(v.password, v.confirm),
  };
}

export interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** /change/password: the current password, then the new one (4-20) twice. */
export function validateChangePassword(v: ChangePasswordValues): Errors<keyof ChangePasswordValues> {
  return {
    oldPassword: isNonEmpty(v.oldPassword) ? undefined : msg`Please enter password`,
    password: passwordRule(v.password),
    confirm: confirmRule(v.password, v.confirm),
  };
}

export interface EmailChangeValues {
  email: string;
  password: string;
  code: string;
}

/** A new e-mail address: step 1 needs the address and the current password, step 2 the mailed code too. */
export function validateEmailChange(v: EmailChangeValues, step: 'code' | 'confirm'): Errors<keyof EmailChangeValues> {
  return {
    email: emailRule(v.email),
    password: isNonEmpty(v.password) ? undefined : msg`Please enter password`,
    code: step === 'code' || isNonEmpty(v.code) ? undefined : msg`Please enter the verification code`,
  };
}
