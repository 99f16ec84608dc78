import { describe, expect, it } from 'vitest';
import { dayAllowance, dayTopUp, levelOf, type MemberAllowances } from './commerce.ts';
import { DAILY_CHARACTERS } from './constants.ts';
import { LEVEL_SENIOR, LEVEL_VIP } from './user.ts';

const configs: MemberAllowances[] = [
  { levelName: LEVEL_VIP, levelSort: 2, dayCharacters: 3000, monthVideos: 10 },
  { levelName: LEVEL_SENIOR, levelSort: 1, dayCharacters: 5000, monthVideos: 3 },
];

describe('levelOf', () => {
  it('is the running level with the lowest sort, or none', () => {
    expect(levelOf([], configs)).toBe('');
    expect(levelOf([LEVEL_VIP], configs)).toBe(LEVEL_VIP);
    expect(levelOf([LEVEL_VIP, LEVEL_SENIOR], configs)).toBe(LEVEL_SENIOR);
    expect(dayAllowance(levelOf([], configs), configs)).toBe(DAILY_CHARACTERS);
  });
});

describe('dayTopUp', () => {
  it('adds what the new level allows beyond the old one, only on a day already begun', () => {
    expect(dayTopUp(1500, 3000, true)).toBe(1500);
    expect(dayTopUp(1500, 3000, false)).toBe(0);
    expect(dayTopUp(3000, 3000, true)).toBe(0);
    expect(dayTopUp(5000, 3000, true)).toBe(0);
  });
});
