import { describe, expect, it } from 'vitest';
import { dayCharacterCount, memberRemainingList, remainingDays, utcDay } from './users.rules.ts';

describe('users rules', () => {
  const now = new Date('2026-03-10T23:30:00Z');

  it('remainingDays counts a started day as one and ends at 0', () => {
    expect(remainingDays(new Date('2026-03-11T00:00:00Z'), now)).toBe(1);
    expect(remainingDays(new Date('2026-03-12T23:30:00Z'), now)).toBe(2);
    expect(remainingDays(new Date('2026-03-12T23:30:01Z'), now)).toBe(3);
    expect(remainingDays(now, now)).toBe(0);
    expect(remainingDays(new Date('2026-01-01T00:00:00Z'), now)).toBe(0);
  });

  it('memberRemainingList is ordered by levelSort', () => {
    const list = memberRemainingList(
      [
        { user_id: 1, level_name: 'VIP', level_sort: 2, ends_at: new Date('2026-03-20T23:30:00Z') },
        { user_id: 1, level_name: '高级会员', level_sort: 1, ends_at: new Date('2026-03-01T00:00:00Z') },
      ],
      now,
    );
    expect(list).toEqual([
      { levelName: '高级会员', remainingDay: 0, levelSort: 1 },
      { levelName: 'VIP', remainingDay: 10, levelSort: 2 },
    ]);
  });

  it('the daily allowance resets at UTC midnight and does not accumulate', () => {
    expect(utcDay(now)).toBe('2026-03-10');
    expect(dayCharacterCount({ day_characters: 40, day_characters_date: '2026-03-10' }, now)).toBe(40);
    expect(dayCharacterCount({ day_characters: 40, day_characters_date: '2026-03-09' }, now)).toBe(1500);
    expect(dayCharacterCount({ day_characters: 0, day_characters_date: null }, now)).toBe(1500);
    expect(dayCharacterCount({ day_characters: 40, day_characters_date: '2026-03-09' }, now, 3000)).toBe(3000);
  });
});
