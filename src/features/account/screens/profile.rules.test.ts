import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '#protocol/user.ts';
import {
  type ProfileValues,
  profileChanges,
  profileValues,
  validateProfile,
  wholeNumberInput,
} from './profile.rules.ts';

const text = (d: MessageDescriptor | undefined) => d?.message;
const TODAY = new Date('2026-06-01T00:00:00Z');
const good: ProfileValues = {
  username: 'alice_w',
  birthday: '1995-04-02',
  gender: '2',
  height: '168',
  weight: '',
  countryId: '276',
  country: 'Germany',
  language: 'de-de',
};

describe('validateProfile', () => {
  it('accepts a complete profile, height and weight optional', () => {
    expect(Object.values(validateProfile(good, TODAY)).filter(Boolean)).toEqual([]);
  });

  it('gives the product messages per field', () => {
    const e = validateProfile(
      { ...good, username: ' ', birthday: '', gender: '', countryId: '', country: '', height: '300', weight: '9' },
      TODAY,
    );
    expect(text(e.username)).toBe('Please enter username');
    expect(text(e.birthday)).toBe('Please enter your date of birth');
    expect(text(e.gender)).toBe('Please choose gender');
    expect(text(e.countryId)).toBe('Please choose country');
    expect(text(e.height)).toBe('Please enter height');
    expect(text(e.weight)).toBe('Please enter weight');
  });

  it('refuses a name the server would refuse and an age under 18 or over 120', () => {
    expect(text(validateProfile({ ...good, username: 'a b' }, TODAY).username)).toBe(
      'Use 2-20 letters, digits or underscores',
    );
    expect(text(validateProfile({ ...good, birthday: '2008-06-02' }, TODAY).birthday)).toBe(
      'You must be at least 18 years old',
    );
    expect(validateProfile({ ...good, birthday: '2008-06-01' }, TODAY).birthday).toBeUndefined();
    expect(text(validateProfile({ ...good, birthday: '1900-01-01' }, TODAY).birthday)).toBe(
      'Please enter your date of birth',
    );
  });

  it('keeps a country the list does not know when none is chosen', () => {
    expect(validateProfile({ ...good, countryId: '', country: 'Atlantis' }, TODAY).countryId).toBeUndefined();
  });
});

describe('profileChanges', () => {
  const name = (id: number) => (id === 250 ? 'France' : '');

  it('sends only what changed', () => {
    expect(profileChanges(good, { ...good }, name)).toEqual({});
    expect(profileChanges(good, { ...good, username: ' bob_1 ', gender: '1', height: '' }, name)).toEqual({
      username: 'bob_1',
      gender: 1,
      height: null,
    });
  });

  it('sends a chosen country with its English name', () => {
    expect(profileChanges(good, { ...good, countryId: '250' }, name)).toEqual({ countryId: 250, country: 'France' });
  });
});

describe('profileValues and number input', () => {
  it('reads the stored profile into form values', () => {
    const user = { username: 'x_y', birthday: '1990-01-01', gender: 1, height: null, weight: 70, countryId: 0 };
    expect(profileValues({ ...user, country: 'Peru', language: 'es-es' } as unknown as UserInfo)).toEqual({
      username: 'x_y',
      birthday: '1990-01-01',
      gender: '1',
      height: '',
      weight: '70',
      countryId: '',
      country: 'Peru',
      language: 'es-es',
    });
  });

  it('keeps only digits without leading zeros', () => {
    expect(wholeNumberInput('0a1.7b5')).toBe('175');
    expect(wholeNumberInput('1234')).toBe('123');
    expect(wholeNumberInput('000')).toBe('');
  });
});
