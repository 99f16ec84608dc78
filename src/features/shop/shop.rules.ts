/**
 * The shop's pure rules (docs/product.md, Commerce): the blessing limit, whether gold can pay, the membership
 * dialog's tab and plan, the remaining membership in months and days, the purchase bodies of each payment step and
 * what a refused payment tells the member to do next.
 */
import type { BuyType, MemberConfig, OrderStatus, PurchaseBody } from '#protocol/commerce.ts';
import { LIMITS } from '#protocol/constants.ts';
import { goldCount, LEVEL_SENIOR, LEVEL_VIP, type UserInfo } from '#protocol/user.ts';

/** The pay dialog shows its payment buttons this long after it opens (docs/product.md, Constants). */
export const PAY_BUTTONS_DELAY_MS = 500;
export const BLESSING_MAX = LIMITS.blessing;

/** A blessing is optional; over 255 characters (code points, as the server counts) it is refused. */
export function blessingTooLong(text: string): boolean {
  return [...text].length > BLESSING_MAX;
}

export type GoldOption = 'hidden' | 'enabled' | 'notEnough';

/**
 * Gold is offered when the balance covers the amount (staff pay nothing); otherwise the button is disabled and
 * reads 'Not enough gold coins'. Gold packages are bought by card only, so gold is not offered for them at all.
 */
export function goldOption(
  type: BuyType,
  amount: number,
  user: Pick<UserInfo, 'buyGoldCount' | 'giveGoldCount' | 'staffAccount'> | null,
): GoldOption {
  if (type === 'gold') return 'hidden';
  if (!user) return 'notEnough';
  if (user.staffAccount) return 'enabled';
  return Math.round(goldCount(user) * 100) >= Math.round(amount * 100) ? 'enabled' : 'notEnough';
}

/** The membership dialog: one tab per level (VIP 0, senior 1) and the chosen plan of that tab. */
export interface PlanChoice {
  tab: number;
  specId: number | null;
}

/** A tab change selects that tab's config and clears the chosen plan (docs/product.md, Membership dialog). */
export function chooseTab(state: PlanChoice, tab: number): PlanChoice {
  return tab === state.tab ? state : { tab, specId: null };
}

export function chosenPlan(configs: readonly MemberConfig[], choice: PlanChoice) {
  const config = configs[choice.tab];
  return { config, spec: config?.specs.find((s) => s.id === choice.specId) };
}

/**
 * Senior cannot be bought for a member who is VIP now (docs/product.md, Memberships and roles): the server refuses it
 * with 409, the form says so before anyone pays.
 */
export function seniorRefused(holderLevel: string | null | undefined, config: MemberConfig | undefined): boolean {
  return holderLevel === LEVEL_VIP && config?.levelName === LEVEL_SENIOR;
}

/** Remaining membership as whole months (30 days) and the days beyond. */
export function monthsAndDays(remainingDay: number): { months: number; days: number } {
  const total = Math.max(0, Math.floor(remainingDay));
  return { months: Math.floor(total / 30), days: total % 30 };
}

/** Dollars as the product writes them after 'Total price: $'. */
export const dollars = (amount: number): string => amount.toFixed(2);

/** What is being bought: the pay dialog's props (docs/product.md, Pay dialog). */
export interface PurchaseIntent {
  /** The member credited; undefined buys for oneself. */
  targetId: number | undefined;
  amount: number;
  type: BuyType;
  specId: number;
  blessing: string;
}

/** The body of one step; the blessing travels only with a gift, the amount lets the server refuse a stale price. */
export function purchaseBody(
  intent: PurchaseIntent,
  step: { status: OrderStatus; orderId: string | undefined; goldPay: boolean },
): PurchaseBody {
  const body: PurchaseBody = {
    id: intent.specId,
    orderId: step.orderId,
    goldPay: step.goldPay,
    payInfo: { amount: intent.amount, currency: 'USD' },
    paypalStatus: step.status,
  };
  if (intent.targetId !== undefined && intent.blessing.trim() !== '') body.blessing = intent.blessing;
  return body;
}

/** What a refused or failed payment tells the member: the kind decides the advice shown beside the message. */
export type PayFailure =
  | 'notEnoughGold'
  | 'notCompleted'
  | 'providerDown'
  | 'canceled'
  | 'seniorForVip'
  | 'blocked'
  | 'noMember'
  | 'declined'
  | 'offline'
  | 'priceChanged'
  | 'other';

export function payFailure(code: number, message: string): PayFailure {
  if (code === 0) return 'offline';
  if (code === 402) return /gold/i.test(message) ? 'notEnoughGold' : 'notCompleted';
  if (code === 502 || code === 503 || code === 504) return 'providerDown';
  if (code === 409) return /VIP/.test(message) ? 'seniorForVip' : 'canceled';
  if (code === 403) return 'blocked';
  if (code === 404) return 'noMember';
  if (code === 400 && /declined/i.test(message)) return 'declined';
  if (code === 400 && /^amount:|^id:/.test(message)) return 'priceChanged';
  return 'other';
}
