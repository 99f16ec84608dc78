import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  type RegisterValues,
  validateLogin,
  validateRegister,
  validateReset,
  validateResetEmail,
} from './auth.rules.ts';

const text = (d: MessageDescriptor | undefined) => d?.message;
const TODAY = new Date('2026-06-01T00:00:00Z');
const good: RegisterValues = {
  username: 'alice_w',
  email: 'alice@example.com',
  password: 'secret',
  confirm: 'secret',
  birthday: '1995-04-02',
  gender: '2',
  countryId: '276',
  height: '',
  weight: '',
  agree: true,
};

describe('login rules', () => {
  it('asks for username or e-mail and password, whitespace counting as empty', () => {
    const e = validateLogin({ keyword: '   ', password: '' });
    expect(text(e.keyword)).toBe('Please enter username or e-mail');
    expect(text(e.password)).toBe('Please enter password');
    expect(Object.values(validateLogin({ keyword: 'bob', password: 'x' })).filter(Boolean)).toHaveLength(0);
  });
});

describe('register rules', () => {
  it('passes a complete form', () => {
    expect(Object.values(validateRegister(good, TODAY)).filter(Boolean)).toHaveLength(0);
  });
  it.each([
    [{ username: '' }, 'username', 'Please enter username'],
    [{ email: ' ' }, 'email', 'Please enter email'],
    [{ email: 'alice@example' }, 'email', 'Please input the correct email'],
    [{ email: 'alice@example.COM' }, 'email', 'Please input the correct email'],
    [{ password: '', confirm: '' }, 'password', 'Please enter password'],
    [{ password: 'abc', confirm: 'abc' }, 'password', 'Password length 4-20'],
    [{ password: 'a'.repeat(21), confirm: 'a'.repeat(21) }, 'password', 'Password length 4-20'],
    [{ confirm: '' }, 'confirm', 'Please confirm the password'],
    [{ confirm: 'secreT' }, 'confirm', 'Two passwords are inconsistent'],
    [{ birthday: '' }, 'birthday', 'Please enter your date of birth'],
    [{ birthday: '2010-01-01' }, 'birthday', 'You must be at least 18 years old'],
    [{ countryId: '' }, 'countryId', 'Please choose country'],
    [{ agree: false }, 'agree', 'Please agree to the user agreement'],
    [{ height: 'tall' }, 'height', 'Please enter height'],
    [{ weight: '1' }, 'weight', 'Please enter weight'],
  ] as const)('%o → %s: %s', (change, field, message) => {
    const errors = validateRegister({ ...good, ...change }, TODAY);
    expect(text(errors[field as keyof RegisterValues])).toBe(message);
  });
});

describe('password recovery rules', () => {
  it('checks the e-mail before sending a code', () => {
    expect(text(validateResetEmail('').email)).toBe('Please enter email');
    expect(text(validateResetEmail('nope').email)).toBe('Please input the correct email');
    expect(validateResetEmail('a@example.com').email).toBeUndefined();
  });
  it('asks for the code and a confirmed new password', () => {
    const e = validateReset({ email: 'a@example.com', code: '', password: 'abcd', confirm: 'abce' });
    expect(text(e.code)).toBe('Please enter the verification code');
    expect(text(e.confirm)).toBe('Two passwords are inconsistent');
  });
});
