import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import {
  checkBirthday,
  dayCharacterCount,
  isAdult,
  memberRemainingList,
  parseUserId,
  remainingDays,
  toBaseUsers,
  utcDay,
} from './users.rules.ts';

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

  it('adults are 18 on their birthday', () => {
    expect(isAdult('2008-05-01', new Date('2026-05-01T00:00:00Z'))).toBe(true);
    expect(isAdult('2008-05-02', new Date('2026-05-01T23:59:59Z'))).toBe(false);
  });

  it('refusals are domain errors that name the field, with no transport in them', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error instanceof DomainError ? { failure: error.failure, message: error.message } : error;
      }
      return undefined;
    };
    expect(refusal(() => checkBirthday('2010-01-01', now))).toEqual({
      failure: 'invalid',
      message: 'birthday: you must be at least 18',
    });
    expect(refusal(() => checkBirthday('1800-01-01', now))).toEqual({
      failure: 'invalid',
      message: 'birthday must be a real date of birth',
    });
    expect(refusal(() => parseUserId('0'))).toEqual({
      failure: 'invalid',
      message: 'userId must be a user id (a whole number from 1 to 2147483647)',
    });
    expect(refusal(() => parseUserId('2147483648', 'peerId'))).toEqual({
      failure: 'invalid',
      message: 'peerId must be a user id (a whole number from 1 to 2147483647)',
    });
    expect(parseUserId('2147483647')).toBe(2_147_483_647);
  });

  it('toBaseUsers keeps the order of the rows and gives each member only their memberships', () => {
    const row = (id: number) =>
      ({ id, username: `m${id}`, avatar: '', birthday: '1990-01-01', gender: 1, country: 'X', sign: '' }) as never;
    const list = toBaseUsers(
      [row(2), row(1)],
      [{ user_id: 1, level_name: 'VIP', level_sort: 2, ends_at: new Date('2026-04-01T00:00:00Z') }],
      now,
    );
    expect(list.map((u) => [u.id, u.levelName])).toEqual([
      [2, ''],
      [1, 'VIP'],
    ]);
  });
});
