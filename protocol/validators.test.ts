import { describe, expect, it } from 'vitest';
import { isEmail, isIsoDate, isMd5, isNonEmpty, isPasswordLength, isUsername } from './validators.ts';

describe('isEmail (docs/product.md, Validation: local part, @, 2-10 letters or digits, 1-3 suffixes of 2-4 a-z)', () => {
  it.each([
    'a@bc.de',
    'first.last+tag@example.com',
    'x_y-z%1@abcdefghij.co',
    'me@mail.co.uk',
    'me@mail.ab.cd.ef',
    'UPPER@Example.com',
  ])('accepts %s', (email) => expect(isEmail(email)).toBe(true));

  it.each([
    ['no at sign', 'example.com'],
    ['one-letter label', 'a@b.com'],
    ['label of 11', 'a@abcdefghijk.com'],
    ['no suffix', 'a@example'],
    ['suffix of 1', 'a@example.c'],
    ['suffix of 5', 'a@example.comms'],
    ['uppercase suffix', 'a@example.COM'],
    ['four suffixes', 'a@mail.ab.cd.ef.gh'],
    ['hyphen in label', 'a@ex-ample.com'],
    ['space', 'a b@example.com'],
    ['empty local part', '@example.com'],
    ['two at signs', 'a@b@example.com'],
    ['empty', ''],
  ])('rejects %s', (_why, email) => expect(isEmail(email)).toBe(false));

  it('rejects addresses longer than 254 characters', () => {
    expect(isEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    expect(isEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
  });
});

describe('isNonEmpty', () => {
  it('needs a non-whitespace character', () => {
    expect(isNonEmpty('a')).toBe(true);
    expect(isNonEmpty('  x ')).toBe(true);
    expect(isNonEmpty('')).toBe(false);
    expect(isNonEmpty('   ')).toBe(false);
    expect(isNonEmpty('\t\n\u00a0')).toBe(false);
    expect(isNonEmpty(null)).toBe(false);
    expect(isNonEmpty(undefined)).toBe(false);
  });
});

describe('other field rules', () => {
  it('password length is 4-20', () => {
    expect(isPasswordLength('abc')).toBe(false);
    expect(isPasswordLength('abcd')).toBe(true);
    expect(isPasswordLength('a'.repeat(20))).toBe(true);
    expect(isPasswordLength('a'.repeat(21))).toBe(false);
  });

  it('username is 2-20 letters, digits or underscores', () => {
    expect(isUsername('ab')).toBe(true);
    expect(isUsername('a')).toBe(false);
    expect(isUsername('a'.repeat(21))).toBe(false);
    expect(isUsername('bad name')).toBe(false);
    expect(isUsername("' OR 1=1 --")).toBe(false);
    expect(isUsername('ünï')).toBe(false);
  });

  it('md5 is 32 lowercase hex digits', () => {
    expect(isMd5('e10adc3949ba59abbe56e057f20f883e')).toBe(true);
    expect(isMd5('E10ADC3949BA59ABBE56E057F20F883E')).toBe(false);
    expect(isMd5('secret')).toBe(false);
    expect(isMd5('e10adc3949ba59abbe56e057f20f883')).toBe(false);
  });

  it('ISO dates must be real calendar days', () => {
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('1990-13-01')).toBe(false);
    expect(isIsoDate('1990-1-01')).toBe(false);
    expect(isIsoDate('1990-01-01T00:00')).toBe(false);
  });
});
