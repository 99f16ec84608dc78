import { describe, expect, it } from 'vitest';
import type { MemberConfig } from '#protocol/commerce.ts';
import {
  BLESSING_MAX,
  blessingTooLong,
  chooseTab,
  chosenPlan,
  goldOption,
  monthsAndDays,
  payFailure,
  purchaseBody,
  seniorRefused,
} from './shop.rules.ts';

const wallet = (give: number, buy: number, staffAccount = false) => ({
  giveGoldCount: give,
  buyGoldCount: buy,
  staffAccount,
});

describe('blessing', () => {
  it('allows 255 characters and refuses 256, counting code points as the server does', () => {
    expect(blessingTooLong('a'.repeat(BLESSING_MAX))).toBe(false);
    expect(blessingTooLong('a'.repeat(BLESSING_MAX + 1))).toBe(true);
    // 255 emoji are 510 UTF-16 units but 255 characters.
    expect(blessingTooLong('🎉'.repeat(BLESSING_MAX))).toBe(false);
    expect(blessingTooLong('')).toBe(false);
  });
});

describe('goldOption', () => {
  it('offers gold when give + buy gold cover the amount, to the cent', () => {
    expect(goldOption('member', 9.99, wallet(5, 4.99))).toBe('enabled');
    expect(goldOption('member', 9.99, wallet(5, 4.98))).toBe('notEnough');
    expect(goldOption('character', 1.99, wallet(0, 0))).toBe('notEnough');
  });
  it('staff pay nothing; no user means not enough; gold packages are card only', () => {
    expect(goldOption('member', 999, wallet(0, 0, true))).toBe('enabled');
    expect(goldOption('member', 1, null)).toBe('notEnough');
    expect(goldOption('gold', 9.99, wallet(100, 100))).toBe('hidden');
  });
});

describe('membership tabs', () => {
  const configs = [
    {
      levelName: 'VIP',
      levelSort: 2,
      dayCharacters: 3000,
      monthVideos: 10,
      showIdentity: false,
      specs: [{ id: 1, monthNum: 1, amount: 9.99 }],
    },
    {
      levelName: '高级会员',
      levelSort: 1,
      dayCharacters: 5000,
      monthVideos: 3,
      showIdentity: true,
      specs: [{ id: 5, monthNum: 1, amount: 19.99 }],
    },
  ] satisfies MemberConfig[];
  it('a tab change selects that config and clears the plan; the same tab keeps it', () => {
    const chosen = { tab: 0, specId: 1 };
    expect(chooseTab(chosen, 1)).toEqual({ tab: 1, specId: null });
    expect(chooseTab(chosen, 0)).toBe(chosen);
    expect(chosenPlan(configs, { tab: 1, specId: 5 }).spec?.amount).toBe(19.99);
    // A plan id of the other tab is no plan here.
    expect(chosenPlan(configs, { tab: 1, specId: 1 }).spec).toBeUndefined();
  });
});

describe('seniorRefused', () => {
  it('refuses senior for a member who is VIP now, nothing else', () => {
    const [vip, senior] = [{ levelName: 'VIP' }, { levelName: '高级会员' }] as MemberConfig[];
    expect(seniorRefused('VIP', senior)).toBe(true);
    expect(seniorRefused('VIP', vip)).toBe(false);
    expect(seniorRefused('高级会员', senior)).toBe(false);
    expect(seniorRefused('', senior)).toBe(false);
    expect(seniorRefused(undefined, undefined)).toBe(false);
  });
});

describe('monthsAndDays', () => {
  it('splits remaining days into 30-day months and days', () => {
    expect(monthsAndDays(0)).toEqual({ months: 0, days: 0 });
    expect(monthsAndDays(29)).toEqual({ months: 0, days: 29 });
    expect(monthsAndDays(65)).toEqual({ months: 2, days: 5 });
    expect(monthsAndDays(-3)).toEqual({ months: 0, days: 0 });
  });
});

describe('purchaseBody', () => {
  const intent = { targetId: 7, amount: 9.99, type: 'member' as const, specId: 3, blessing: 'Happy birthday' };
  it('carries the blessing only for a gift and the amount for the server to check', () => {
    expect(purchaseBody(intent, { status: 1, orderId: 'x', goldPay: true })).toEqual({
      id: 3,
      orderId: 'x',
      goldPay: true,
      blessing: 'Happy birthday',
      payInfo: { amount: 9.99, currency: 'USD' },
      paypalStatus: 1,
    });
    expect(
      purchaseBody({ ...intent, targetId: undefined }, { status: 4, orderId: 'x', goldPay: true }).blessing,
    ).toBeUndefined();
    expect(
      purchaseBody({ ...intent, blessing: '   ' }, { status: 4, orderId: 'x', goldPay: true }).blessing,
    ).toBeUndefined();
  });
});

describe('payFailure', () => {
  it('tells apart what the member can do next', () => {
    expect(payFailure(0, 'Network error')).toBe('offline');
    expect(payFailure(402, 'Not enough gold coins')).toBe('notEnoughGold');
    expect(payFailure(402, 'The payment was not completed; nothing was charged')).toBe('notCompleted');
    expect(payFailure(502, 'The payment provider did not answer')).toBe('providerDown');
    expect(payFailure(409, 'The user is already a VIP and cannot purchase premium membership')).toBe('seniorForVip');
    expect(payFailure(409, 'This order was canceled')).toBe('canceled');
    expect(payFailure(403, 'This member has blocked you')).toBe('blocked');
    expect(payFailure(404, 'No such member')).toBe('noMember');
    expect(payFailure(400, 'The test card was declined: use 4111 1111 1111 1111')).toBe('declined');
    expect(payFailure(400, 'amount: this VIP plan costs $9.99')).toBe('priceChanged');
    expect(payFailure(500, 'boom')).toBe('other');
  });
});
