/** User shapes (docs/product.md, Members and their values; docs/api.md, Users) and derived values, pure. */
import { CHARACTERS_PER_GOLD } from './constants.ts';

export const LEVEL_NONE = '';
export const LEVEL_VIP = 'VIP';
export const LEVEL_SENIOR = '高级会员';
export type LevelName = typeof LEVEL_NONE | typeof LEVEL_VIP | typeof LEVEL_SENIOR;
export const LEVEL_SORT = { [LEVEL_SENIOR]: 1, [LEVEL_VIP]: 2 } as const;

export interface MemberRemaining {
  levelName: LevelName;
  remainingDay: number;
  levelSort: number;
}

export interface BaseUser {
  id: number;
  username: string;
  avatar: string;
  levelName: LevelName;
  birthday: string;
  age: number;
  constellation: string;
  gender: number;
  country: string;
  sign: string;
}

export interface UserInfo extends BaseUser {
  email: string;
  weight: number | null;
  height: number | null;
  language: string;
  countryId: number | null;
  member: { levelName: LevelName; remainingDay: number };
  staffAccount: boolean;
  buyCharacterCount: number;
  giveCharacterCount: number;
  registerCharacterCount: number;
  dayCharacterCount: number;
  monthVideoCount: number;
  buyGoldCount: number;
  giveGoldCount: number;
  memberRemainingList: MemberRemaining[];
  permissions: string[];
}

type CharacterCounts = Pick<UserInfo, 'buyCharacterCount' | 'giveCharacterCount' | 'registerCharacterCount'>;
type GoldCounts = Pick<UserInfo, 'buyGoldCount' | 'giveGoldCount'>;

export function characterCount(u: CharacterCounts): number {
  return u.buyCharacterCount + u.giveCharacterCount + u.registerCharacterCount;
}

export function goldCount(u: GoldCounts): number {
  return Math.round((u.buyGoldCount + u.giveGoldCount) * 100) / 100;
}

/** The entry with remainingDay above 0 and the lowest levelSort; none means empty level and 0 days. */
export function currentMember(list: readonly MemberRemaining[]): { levelName: LevelName; remainingDay: number } {
  let best: MemberRemaining | undefined;
  for (const m of list) {
    if (m.remainingDay > 0 && (!best || m.levelSort < best.levelSort)) best = m;
  }
  return best ? { levelName: best.levelName, remainingDay: best.remainingDay } : { levelName: '', remainingDay: 0 };
}

/** Whole years between a YYYY-MM-DD birthday and `today`. */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const CONSTELLATIONS = [
  'Capricorn',
  'Aquarius',
  'Pisces',
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
] as const;
export type Constellation = (typeof CONSTELLATIONS)[number];

/** First day of each month on which the next sign starts (Jan 20 Aquarius … Dec 22 Capricorn). */
const SIGN_START_DAY = [20, 19, 21, 20, 21, 21, 23, 23, 23, 23, 22, 22] as const;

export function constellationOf(birthday: string): Constellation {
  const [, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const index = d >= SIGN_START_DAY[m - 1]! ? m % 12 : m - 1;
  return CONSTELLATIONS[index]!;
}

/** Gold needed to pay for `characters` translation characters, rounded up per 75 characters. */
export function goldForCharacters(characters: number): number {
  return Math.ceil(characters / CHARACTERS_PER_GOLD);
}
