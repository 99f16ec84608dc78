import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHARACTERS_PER_GOLD } from './constants.ts';
import {
  characterCost,
  dayAllowance,
  planCharge,
  previewOf,
  toLocale,
  WALLET_ORDER,
  type Wallet,
} from './translation.ts';

const wallet = fc.record({
  day: fc.integer({ min: 0, max: 5000 }),
  register: fc.integer({ min: 0, max: 3000 }),
  give: fc.integer({ min: 0, max: 3000 }),
  buy: fc.integer({ min: 0, max: 3000 }),
  giveGoldCents: fc.integer({ min: 0, max: 20_000 }),
  buyGoldCents: fc.integer({ min: 0, max: 20_000 }),
});
const cost = fc.integer({ min: 0, max: 30_000 });
const CHARACTER_SOURCES = ['day', 'register', 'give', 'buy'] as const;

describe('planCharge (property)', () => {
  it('never leaves a balance negative and never spends more than there was', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w);
        for (const s of WALLET_ORDER) {
          expect(charge.spent[s]).toBeGreaterThanOrEqual(0);
          expect(charge.left[s]).toBeGreaterThanOrEqual(0);
          expect(charge.left[s] + charge.spent[s]).toBe(w[s]);
        }
      }),
    );
  });

  it('the characters and the characters gold paid for sum to the cost when it can pay', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w);
        if (!charge.enough) return;
        const characters = CHARACTER_SOURCES.reduce((sum, s) => sum + charge.spent[s], 0);
        expect(characters + charge.goldCharacters).toBe(c);
      }),
    );
  });

  it('rounds gold up per 75 characters and takes exactly that much gold', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w);
        if (!charge.enough) return;
        expect(charge.gold).toBe(Math.ceil(charge.goldCharacters / CHARACTERS_PER_GOLD));
        expect(charge.spent.giveGoldCents + charge.spent.buyGoldCents).toBe(charge.gold * 100);
        // Whole gold covers the characters, and one gold fewer would not.
        expect(charge.gold * CHARACTERS_PER_GOLD).toBeGreaterThanOrEqual(charge.goldCharacters);
        expect((charge.gold - 1) * CHARACTERS_PER_GOLD).toBeLessThan(Math.max(charge.goldCharacters, 1));
      }),
    );
  });

  it('takes from a source only when every source before it is empty', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w);
        WALLET_ORDER.forEach((source, i) => {
          if (charge.spent[source] === 0) return;
          for (const earlier of WALLET_ORDER.slice(0, i)) expect(charge.left[earlier]).toBe(0);
        });
        // Gold is used only when the characters could not pay.
        if (charge.gold > 0) {
          for (const s of CHARACTER_SOURCES) expect(charge.left[s]).toBe(0);
        }
      }),
    );
  });

  it('refuses exactly when characters and whole gold cannot pay, and then spends nothing', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w);
        const characters = w.day + w.register + w.give + w.buy;
        const goldNeeded = Math.ceil(Math.max(c - characters, 0) / CHARACTERS_PER_GOLD) * 100;
        expect(charge.enough).toBe(goldNeeded <= w.giveGoldCents + w.buyGoldCents);
        if (!charge.enough) {
          expect(charge.left).toEqual(w);
          for (const s of WALLET_ORDER) expect(charge.spent[s]).toBe(0);
        }
      }),
    );
  });

  it('staff pay nothing, whatever the cost', () => {
    fc.assert(
      fc.property(cost, wallet, (c, w) => {
        const charge = planCharge(c, w, true);
        expect(charge.enough).toBe(true);
        expect(charge.left).toEqual(w);
      }),
    );
  });
});

describe('planCharge (each step of the order)', () => {
  const w = (p: Partial<Wallet>): Wallet => ({
    day: 0,
    register: 0,
    give: 0,
    buy: 0,
    giveGoldCents: 0,
    buyGoldCents: 0,
    ...p,
  });
  const all = w({ day: 10, register: 10, give: 10, buy: 10, giveGoldCents: 100, buyGoldCents: 200 });

  it.each([
    [5, { day: 5 }],
    [10, { day: 10 }],
    [15, { day: 10, register: 5 }],
    [25, { day: 10, register: 10, give: 5 }],
    [35, { day: 10, register: 10, give: 10, buy: 5 }],
    [41, { day: 10, register: 10, give: 10, buy: 10, giveGoldCents: 100 }],
    [40 + 75, { day: 10, register: 10, give: 10, buy: 10, giveGoldCents: 100 }],
    [40 + 76, { day: 10, register: 10, give: 10, buy: 10, giveGoldCents: 100, buyGoldCents: 100 }],
    [40 + 225, { day: 10, register: 10, give: 10, buy: 10, giveGoldCents: 100, buyGoldCents: 200 }],
  ])('cost %i spends %o', (c, spent) => {
    const charge = planCharge(c, all);
    expect(charge.enough).toBe(true);
    expect(charge.spent).toEqual(w(spent));
  });

  it('one character more than all of it is a refusal', () => {
    expect(planCharge(40 + 226, all).enough).toBe(false);
  });

  it('fractional gold: give gold pays what it has, buy gold the rest of the whole gold', () => {
    const charge = planCharge(80, w({ giveGoldCents: 50, buyGoldCents: 300 }));
    expect(charge.gold).toBe(2);
    expect(charge.spent).toEqual(w({ giveGoldCents: 50, buyGoldCents: 150 }));
    expect(previewOf(charge, false).left.buyGoldCount).toBe(1.5);
  });
});

describe('characterCost', () => {
  it('counts code points', () => {
    expect(characterCost('😀')).toBe(1);
    expect(characterCost('hola 😀')).toBe(6);
    expect(characterCost('你好')).toBe(2);
    expect(characterCost('')).toBe(0);
  });
});

describe('toLocale and dayAllowance', () => {
  it('maps tags to the eight locales', () => {
    expect(toLocale('es')).toBe('es-es');
    expect(toLocale('es-MX')).toBe('es-es');
    expect(toLocale('en_US')).toBe('en-us');
    expect(toLocale('zh-Hant')).toBe('zh-tw');
    expect(toLocale('zh')).toBe('zh-cn');
    expect(toLocale('ja-jp')).toBe('ja-jp');
    expect(toLocale('xx')).toBeUndefined();
    expect(toLocale('')).toBeUndefined();
  });

  it('is 1,500 without a membership and the member config dayCharacters for VIP and senior', () => {
    const config = (levelName: 'VIP' | '高级会员', dayCharacters: number) => ({
      levelName,
      levelSort: levelName === 'VIP' ? 2 : 1,
      dayCharacters,
      monthVideos: 0,
      showIdentity: false,
      specs: [],
    });
    const configs = [config('VIP', 3000), config('高级会员', 5000)];
    expect(dayAllowance('', configs)).toBe(1500);
    expect(dayAllowance('VIP', configs)).toBe(3000);
    expect(dayAllowance('高级会员', configs)).toBe(5000);
    expect(dayAllowance('VIP', [])).toBe(1500);
  });
});
