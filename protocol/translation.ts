/**
 * Translation charging (docs/product.md and docs/api.md, Translation): what a translation costs and which balances pay
 * for it, as pure functions the server charges with and the client previews with.
 */
import { CHARACTERS_PER_GOLD, LOCALES, type Locale } from './constants.ts';

/** The day allowance per membership level is the member config's dayCharacters: commerce.ts dayAllowance. */
export { dayAllowance } from './commerce.ts';

/** Unicode code points, as DeepL and Azure count: '😀' is 1, not 2. */
export function characterCost(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** What a member can pay with. Gold is in hundredths (cents) so that sums stay exact. */
export interface Wallet {
  day: number;
  register: number;
  give: number;
  buy: number;
  giveGoldCents: number;
  buyGoldCents: number;
}

/** The sources in the order they pay (docs/product.md, Translation: day, register, give, buy, give gold, buy gold). */
export const WALLET_ORDER = ['day', 'register', 'give', 'buy', 'giveGoldCents', 'buyGoldCents'] as const;
export type WalletSource = (typeof WALLET_ORDER)[number];

export interface Charge {
  cost: number;
  /** Taken from each source: characters for the first four, gold cents for the last two. */
  spent: Wallet;
  /** Characters the gold paid for, and the whole gold that covers them (75 characters each, rounded up). */
  goldCharacters: number;
  gold: number;
  /** What is left after paying. */
  left: Wallet;
  /** False: the wallet cannot pay; `spent` is then all zero and `left` the wallet as it was. */
  enough: boolean;
}

const ZERO: Wallet = { day: 0, register: 0, give: 0, buy: 0, giveGoldCents: 0, buyGoldCents: 0 };

/**
 * Pays `cost` characters from `wallet` in the spec's order. Staff pay nothing. Characters first; what they leave is
 * paid in whole gold, one gold per 75 characters rounded up, from give gold then buy gold. All or nothing.
 */
export function planCharge(cost: number, wallet: Wallet, staff = false): Charge {
  const nothing = (enough: boolean): Charge => ({
    cost,
    spent: { ...ZERO },
    goldCharacters: 0,
    gold: 0,
    left: { ...wallet },
    enough,
  });
  if (staff || cost <= 0) return nothing(true);
  const spent: Wallet = { ...ZERO };
  let rest = cost;
  for (const source of ['day', 'register', 'give', 'buy'] as const) {
    const take = Math.min(Math.max(wallet[source], 0), rest);
    spent[source] = take;
    rest -= take;
  }
  const gold = Math.ceil(rest / CHARACTERS_PER_GOLD);
  let goldCents = gold * 100;
  if (goldCents > Math.max(wallet.giveGoldCents, 0) + Math.max(wallet.buyGoldCents, 0)) return nothing(false);
  for (const source of ['giveGoldCents', 'buyGoldCents'] as const) {
    const take = Math.min(Math.max(wallet[source], 0), goldCents);
    spent[source] = take;
    goldCents -= take;
  }
  const left = { ...wallet };
  for (const source of WALLET_ORDER) left[source] -= spent[source];
  return { cost, spent, goldCharacters: rest, gold, left, enough: true };
}

/** Characters a member can still translate with: the product's characterCount (buy + give + register). */
export function walletCharacters(w: Wallet): number {
  return w.register + w.give + w.buy;
}

/**
 * A language tag as the client sends it ('es', 'es-ES', 'es_es', 'zh-Hant') → one of the eight locales, or
 * undefined when none fits. Another region of a known language maps to that language's locale.
 */
export function toLocale(tag: string): Locale | undefined {
  const t = tag.trim().toLowerCase().replaceAll('_', '-');
  if (t === '') return undefined;
  if ((LOCALES as readonly string[]).includes(t)) return t as Locale;
  if (/^zh-(hant|tw|hk|mo)\b/.test(t)) return 'zh-tw';
  const primary = t.split('-')[0];
  return LOCALES.find((l) => l.startsWith(`${primary}-`));
}

/** What a `trans` (or a draft translation) answers: the text and what is left to pay with (docs/api.md). */
export interface TranslationBalance {
  /** buy + give + register characters left (docs/product.md, Members and their values). */
  characterCount: number;
  /** Today's free characters left, apart from characterCount. */
  dayCharacterCount: number;
  buyGoldCount: number;
  giveGoldCount: number;
}

export interface TransResult extends TranslationBalance {
  msgId: number;
  lang: string;
  text: string;
  /** Characters this answer was charged for; 0 when it came from the cache or the member is staff. */
  charged: number;
}

/** `transPreview` / GET /api/chat/trans/preview: the cost and what would be left, charging nothing. */
export interface TransPreview {
  cost: number;
  /** True when the translation is cached (costs nothing) or the member is staff. */
  free: boolean;
  enough: boolean;
  /** What each source would pay: characters for day/register/give/buy, gold (not cents) for the two golds. */
  spend: { day: number; register: number; give: number; buy: number; giveGold: number; buyGold: number };
  /** What would be left after paying (or what there is, when it cannot be paid). */
  left: TranslationBalance;
}

export function balanceOf(w: Wallet): TranslationBalance {
  return {
    characterCount: walletCharacters(w),
    dayCharacterCount: w.day,
    buyGoldCount: w.buyGoldCents / 100,
    giveGoldCount: w.giveGoldCents / 100,
  };
}

export function previewOf(charge: Charge, free: boolean): TransPreview {
  const s = charge.spent;
  return {
    cost: charge.cost,
    free,
    enough: charge.enough,
    spend: {
      day: s.day,
      register: s.register,
      give: s.give,
      buy: s.buy,
      giveGold: s.giveGoldCents / 100,
      buyGold: s.buyGoldCents / 100,
    },
    left: balanceOf(charge.left),
  };
}
