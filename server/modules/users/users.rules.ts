/** Pure rules of members: the wire shapes of docs/api.md, Users, profile checks and the refusals about members. */

import { dayAllowance, type MemberAllowances, monthVideoAllowance, utcMonth } from '#protocol/commerce.ts';
import { DAILY_CHARACTERS } from '#protocol/constants.ts';
import {
  ageOn,
  type BaseUser,
  constellationOf,
  currentMember,
  type LevelName,
  type MemberRemaining,
  type UserInfo,
} from '#protocol/user.ts';
import { idText } from '#protocol/validators.ts';
import type { MembershipRow, UserRow } from '../../db/schema.ts';
import { conflict, type DomainError, invalid, notFound } from '../../domain/errors.ts';
import { parseInput } from '../../domain/parse.ts';

const DAY_MS = 86_400_000;
export const MIN_AGE = 18;
export const NO_SUCH_MEMBER = 'No such member';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';
export const EMAIL_CHANGE_ELSEWHERE =
  'email cannot be changed here: ask for a code with POST /api/system/user/email/code (new address and password), then send it with PUT /api/system/user/email';

/** What the rules read of a membership row. */
export type MembershipLike = Pick<MembershipRow, 'user_id' | 'level_name' | 'level_sort' | 'ends_at'>;

/** Sign-in refused while suspended (403, docs/api.md, Staff): with the end date, or 'permanently'; undefined when not. */
export function suspensionMessage(until: Date | null, now: Date): string | undefined {
  if (!until || until.getTime() <= now.getTime()) return undefined;
  if (until.getUTCFullYear() >= 9999) return 'Your account is suspended permanently';
  return `Your account is suspended until ${until.toISOString()}`;
}

export const noSuchMember = (): DomainError => notFound(NO_SUCH_MEMBER);

/** A user id in a path: digits only, 1 to 2147483647 (PostgreSQL integer), named `field` in the refusal. */
export function parseUserId(raw: string, field = 'userId'): number {
  return parseInput(idText(field), raw);
}

export function isAdult(birthday: string, today: Date): boolean {
  return ageOn(birthday, today) >= MIN_AGE;
}

/** Birthday rules shared by sign-up and profile edits. */
export function checkBirthday(birthday: string, now: Date): void {
  if (ageOn(birthday, now) > 120) throw invalid('birthday must be a real date of birth');
  if (!isAdult(birthday, now)) throw invalid(`birthday: you must be at least ${MIN_AGE}`);
}

export function conflictFor(taken: { username: boolean; email: boolean }): DomainError | undefined {
  if (taken.username) return conflict(USERNAME_TAKEN);
  if (taken.email) return conflict(EMAIL_TAKEN);
  return undefined;
}

/** Whole days left, counting a started day as one; 0 once the membership has ended. */
export function remainingDays(endsAt: Date, now: Date): number {
  const left = endsAt.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

export function memberRemainingList(rows: readonly MembershipLike[], now: Date): MemberRemaining[] {
  return rows
    .map((r) => ({
      levelName: r.level_name as LevelName,
      remainingDay: remainingDays(r.ends_at, now),
      levelSort: r.level_sort,
    }))
    .sort((a, b) => a.levelSort - b.levelSort);
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The daily allowance resets at UTC midnight and does not accumulate (docs/product.md, Translation). */
export function dayCharacterCount(
  stored: { day_characters: number; day_characters_date: string | null },
  now: Date,
  allowance: number = DAILY_CHARACTERS,
): number {
  return stored.day_characters_date === utcDay(now) ? stored.day_characters : allowance;
}

/** Free videos left this UTC month; a new month starts with the level's full monthVideos (docs/product.md). */
export function monthVideoCount(
  stored: { month_video_count: number; month_video_month: string | null },
  now: Date,
  allowance: number,
): number {
  return stored.month_video_month === utcMonth(now) ? Math.min(stored.month_video_count, allowance) : allowance;
}

export function toBaseUser(row: UserRow, memberships: readonly MembershipLike[], now: Date): BaseUser {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    levelName: currentMember(memberRemainingList(memberships, now)).levelName,
    birthday: row.birthday,
    age: ageOn(row.birthday, now),
    constellation: constellationOf(row.birthday),
    gender: row.gender,
    country: row.country,
    sign: row.sign,
  };
}

/** Rows → BaseUser in their order; `memberships` may hold every row's memberships at once. */
export function toBaseUsers(rows: readonly UserRow[], memberships: readonly MembershipLike[], now: Date): BaseUser[] {
  const byUser = new Map<number, MembershipLike[]>();
  for (const m of memberships) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
  return rows.map((row) => toBaseUser(row, byUser.get(row.id) ?? [], now));
}

export function toUserInfo(
  row: UserRow,
  memberships: readonly MembershipLike[],
  permissions: readonly string[],
  now: Date,
  configs: readonly MemberAllowances[],
): UserInfo {
  const list = memberRemainingList(memberships, now);
  const member = currentMember(list);
  return {
    ...toBaseUser(row, memberships, now),
    email: row.email,
    weight: row.weight,
    height: row.height,
    language: row.language,
    countryId: row.country_id,
    levelName: member.levelName,
    member,
    staffAccount: row.staff_account,
    buyCharacterCount: row.buy_character_count,
    giveCharacterCount: row.give_character_count,
    registerCharacterCount: row.register_character_count,
    dayCharacterCount: dayCharacterCount(row, now, dayAllowance(member.levelName, configs)),
    monthVideoCount: monthVideoCount(row, now, monthVideoAllowance(member.levelName, configs)),
    buyGoldCount: Number(row.buy_gold),
    giveGoldCount: Number(row.give_gold),
    memberRemainingList: list,
    permissions: [...permissions],
  };
}
