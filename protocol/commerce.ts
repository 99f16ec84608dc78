/**
 * Commerce (docs/api.md and docs/product.md, Commerce): the catalogue shapes, the Order, and the pure money rules the
 * server pays with and the client previews with: the gold payment split, membership extension, the member config's
 * allowances per level. Zod-free; the body schema is in commerce-schemas.ts.
 */
import { DAILY_CHARACTERS } from './constants.ts';
import { LEVEL_SENIOR, LEVEL_VIP, type LevelName } from './user.ts';

export interface CharacterSpec {
  id: number;
  num: number;
  amount: number;
}
export type GoldSpec = CharacterSpec;

export interface MemberSpec {
  id: number;
  monthNum: number;
  amount: number;
}

export interface MemberConfig {
  levelName: LevelName;
  levelSort: number;
  dayCharacters: number;
  monthVideos: number;
  showIdentity: boolean;
  specs: MemberSpec[];
}

export const PAYMENT_PROVIDERS = ['paypal', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface PayConfig {
  provider: PaymentProvider;
  clientId?: string;
  currency: 'USD';
  payloadKey: string;
}

export const BUY_TYPES = ['character', 'gold', 'member'] as const;
export type BuyType = (typeof BUY_TYPES)[number];

/** paypalStatus and the order's status: 1 created, 3 cancelled, 4 completed. */
export const OrderStatus = { created: 1, cancelled: 3, completed: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** The body of POST /api/buy/{type}[/{targetId}] before encryption. */
export interface PurchaseBody {
  id: number;
  orderId?: string;
  goldPay: boolean;
  blessing?: string;
  payInfo?: unknown;
  paypalStatus: OrderStatus;
}

export interface Order {
  orderId: string;
  type: BuyType;
  specId: number;
  /** The member credited: the buyer for their own purchase, the gift's receiver otherwise. */
  targetId: number;
  amount: number;
  goldPay: boolean;
  status: OrderStatus;
}

export const CURRENCY = 'USD';
/** One gold coin pays one US dollar (docs/product.md, Commerce). */
export const USD_PER_GOLD = 1;

export const SENIOR_FOR_VIP = 'The user is already a VIP and cannot purchase premium membership';
export const NOT_ENOUGH_GOLD = 'Not enough gold coins';

/** Chat message type of a gift (docs/api.md, message types): characters 3, gold 4, VIP 5, senior 6. */
export function giftMessageType(type: BuyType, levelName: LevelName | undefined): 3 | 4 | 5 | 6 {
  if (type === 'character') return 3;
  if (type === 'gold') return 4;
  return levelName === LEVEL_SENIOR ? 6 : 5;
}

/** Cents of a dollar (or gold) amount, exact for two decimals. */
export const toCents = (amount: number | string): number => Math.round(Number(amount) * 100);

export interface GoldSplit {
  /** Taken from give gold, then buy gold, in cents. */
  giveCents: number;
  buyCents: number;
}

/**
 * What a gold payment of `amountCents` (USD cents, one gold per dollar) takes: give gold first, then buy gold.
 * Staff pay nothing. Undefined when the two together do not cover it.
 */
export function goldSplit(
  amountCents: number,
  wallet: { giveCents: number; buyCents: number },
  staff = false,
): GoldSplit | undefined {
  if (staff || amountCents <= 0) return { giveCents: 0, buyCents: 0 };
  const give = Math.max(wallet.giveCents, 0);
  const buy = Math.max(wallet.buyCents, 0);
  const goldCents = amountCents / USD_PER_GOLD;
  if (give + buy < goldCents) return undefined;
  const giveCents = Math.min(give, goldCents);
  return { giveCents, buyCents: goldCents - giveCents };
}

/** Adds whole calendar months in UTC; a day that does not exist in the target month falls to its last day. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A membership bought now runs from the later of now and its current end (docs/product.md, Commerce). */
export function extendMembership(currentEnd: Date | undefined, now: Date, months: number): Date {
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return addMonths(from, months);
}

/** What a level allows its members, the part of MemberConfig the user info needs. */
export type MemberAllowances = Pick<MemberConfig, 'levelName' | 'levelSort' | 'dayCharacters' | 'monthVideos'>;

/**
 * The level whose allowances a member has, of the levels of their running memberships: the lowest levelSort (senior
 * before VIP), as currentMember (protocol/user.ts) picks it; '' for none.
 */
export function levelOf(running: Iterable<LevelName>, configs: readonly MemberAllowances[]): LevelName {
  let best: MemberAllowances | undefined;
  for (const level of running) {
    const config = configOf(configs, level);
    if (config && (!best || config.levelSort < best.levelSort)) best = config;
  }
  return best?.levelName ?? '';
}

/**
 * Day characters to add today when a purchase raises a member's level allowance: what the new level allows beyond the
 * old one, so a member who used 100 of 1,500 and buys VIP (3,000) has 2,900 left today, not 1,400. Nothing when
 * nothing was used today (the day starts from the level's full allowance anyway) or the allowance did not rise.
 */
export function dayTopUp(before: number, after: number, usedToday: boolean): number {
  return usedToday && after > before ? after - before : 0;
}

/** The config of a level, or undefined for no membership. */
export function configOf<C extends Pick<MemberConfig, 'levelName'>>(
  configs: readonly C[],
  levelName: LevelName,
): C | undefined {
  return levelName === '' ? undefined : configs.find((c) => c.levelName === levelName);
}

/** Day translation allowance: the member config's dayCharacters for VIP and senior, else the product's 1500. */
export function dayAllowance(levelName: LevelName, configs: readonly MemberAllowances[]): number {
  return configOf(configs, levelName)?.dayCharacters ?? DAILY_CHARACTERS;
}

/** Free videos a month: the member config's monthVideos (VIP 10, senior 3), none without a membership. */
export function monthVideoAllowance(levelName: LevelName, configs: readonly MemberAllowances[]): number {
  return configOf(configs, levelName)?.monthVideos ?? 0;
}

/** 'YYYY-MM' of a date in UTC: the free videos reset on the first day of each UTC month. */
export function utcMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The levels the catalogue sells, VIP first. */
export const MEMBER_LEVELS = [LEVEL_VIP, LEVEL_SENIOR] as const;
