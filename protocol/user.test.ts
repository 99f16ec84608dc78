import { describe, expect, it } from 'vitest';
import {
  ageOn,
  characterCount,
  constellationOf,
  currentMember,
  goldCount,
  goldForCharacters,
  LEVEL_SENIOR,
  LEVEL_VIP,
} from './user.ts';

describe('ageOn', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it('counts whole years, turning on the birthday itself', () => {
    expect(ageOn('2000-06-15', on('2018-06-14'))).toBe(17);
    expect(ageOn('2000-06-15', on('2018-06-15'))).toBe(18);
    expect(ageOn('2000-06-15', on('2018-12-31'))).toBe(18);
  });
  it('treats a 29 February birthday as reached on 1 March of common years', () => {
    expect(ageOn('2000-02-29', on('2018-02-28'))).toBe(17);
    expect(ageOn('2000-02-29', on('2018-03-01'))).toBe(18);
  });
});

describe('constellationOf', () => {
  it.each([
    ['1990-01-19', 'Capricorn'],
    ['1990-01-20', 'Aquarius'],
    ['1990-02-18', 'Aquarius'],
    ['1990-02-19', 'Pisces'],
    ['1990-03-20', 'Pisces'],
    ['1990-03-21', 'Aries'],
    ['1990-04-20', 'Taurus'],
    ['1990-05-21', 'Gemini'],
    ['1990-06-21', 'Cancer'],
    ['1990-07-22', 'Cancer'],
    ['1990-07-23', 'Leo'],
    ['1990-08-23', 'Virgo'],
    ['1990-09-23', 'Libra'],
    ['1990-10-23', 'Scorpio'],
    ['1990-11-22', 'Sagittarius'],
    ['1990-12-21', 'Sagittarius'],
    ['1990-12-22', 'Capricorn'],
    ['1990-12-31', 'Capricorn'],
  ])('%s is %s', (birthday, sign) => expect(constellationOf(birthday)).toBe(sign));
});

describe('currentMember', () => {
  it('is empty with no entry above 0 days', () => {
    expect(currentMember([])).toEqual({ levelName: '', remainingDay: 0 });
    expect(currentMember([{ levelName: LEVEL_VIP, remainingDay: 0, levelSort: 2 }])).toEqual({
      levelName: '',
      remainingDay: 0,
    });
  });
  it('picks the lowest levelSort among live entries', () => {
    const list = [
      { levelName: LEVEL_VIP, remainingDay: 40, levelSort: 2 },
      { levelName: LEVEL_SENIOR, remainingDay: 3, levelSort: 1 },
    ] as const;
    expect(currentMember(list)).toEqual({ levelName: LEVEL_SENIOR, remainingDay: 3 });
  });
  it('skips an ended senior membership for a live VIP one', () => {
    const list = [
      { levelName: LEVEL_SENIOR, remainingDay: 0, levelSort: 1 },
      { levelName: LEVEL_VIP, remainingDay: 12, levelSort: 2 },
    ] as const;
    expect(currentMember(list)).toEqual({ levelName: LEVEL_VIP, remainingDay: 12 });
  });
});

describe('counts', () => {
  it('characterCount adds the three balances', () => {
    expect(characterCount({ buyCharacterCount: 1, giveCharacterCount: 20, registerCharacterCount: 300 })).toBe(321);
  });
  it('goldCount rounds the sum to 2 decimals', () => {
    expect(goldCount({ buyGoldCount: 0.1, giveGoldCount: 0.2 })).toBe(0.3);
    expect(goldCount({ buyGoldCount: 1.005, giveGoldCount: 0 })).toBe(1);
    expect(goldCount({ buyGoldCount: 10.126, giveGoldCount: 0.001 })).toBe(10.13);
    expect(goldCount({ buyGoldCount: 0, giveGoldCount: 0 })).toBe(0);
  });
  it('goldForCharacters rounds up per 75 characters', () => {
    expect(goldForCharacters(0)).toBe(0);
    expect(goldForCharacters(1)).toBe(1);
    expect(goldForCharacters(75)).toBe(1);
    expect(goldForCharacters(76)).toBe(2);
  });
});
