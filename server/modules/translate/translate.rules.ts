/** Pure translation rules: a stored member → the wallet that pays, a charge → balance changes and ledger rows. */
import type { Wallet, WalletSource } from '#protocol/translation.ts';
import type { UserRow } from '../../db/schema.ts';
import { dayCharacterCount, utcDay } from '../users/users.rules.ts';
import type { Balances, LedgerInsert } from './translate.repository.ts';

/** Ledger kinds per wallet source (schema.ts LedgerTable). */
export const LEDGER_KIND: Record<WalletSource, string> = {
  day: 'day_character',
  register: 'register_character',
  give: 'give_character',
  buy: 'buy_character',
  giveGoldCents: 'give_gold',
  buyGoldCents: 'buy_gold',
};

const GOLD_SOURCES = new Set<WalletSource>(['giveGoldCents', 'buyGoldCents']);

const cents = (numeric: string | number) => Math.round(Number(numeric) * 100);
const gold = (c: number) => (c / 100).toFixed(2);

type PayerRow = Pick<
  UserRow,
  | 'day_characters'
  | 'day_characters_date'
  | 'register_character_count'
  | 'give_character_count'
  | 'buy_character_count'
  | 'give_gold'
  | 'buy_gold'
>;

/** `dayAllowance`: the member config's dayCharacters of the payer's level (1500 without one), read with the row. */
export function walletOf(row: PayerRow, dayAllowance: number, now: Date): Wallet {
  return {
    day: dayCharacterCount(row, now, dayAllowance),
    register: row.register_character_count,
    give: row.give_character_count,
    buy: row.buy_character_count,
    giveGoldCents: cents(row.give_gold),
    buyGoldCents: cents(row.buy_gold),
  };
}

/** The user columns after paying; the day's count is stamped with today's UTC date, so tomorrow starts afresh. */
export function balancesAfter(left: Wallet, now: Date): Balances {
  return {
    day_characters: left.day,
    day_characters_date: utcDay(now),
    register_character_count: left.register,
    give_character_count: left.give,
    buy_character_count: left.buy,
    give_gold: gold(left.giveGoldCents),
    buy_gold: gold(left.buyGoldCents),
  };
}

/** One ledger row per source the charge took from, with what that source holds afterwards. */
export function ledgerRows(userId: number, spent: Wallet, left: Wallet, ref: string, now: Date): LedgerInsert[] {
  return (Object.keys(LEDGER_KIND) as WalletSource[])
    .filter((source) => spent[source] > 0)
    .map((source) => {
      const isGold = GOLD_SOURCES.has(source);
      return {
        user_id: userId,
        kind: LEDGER_KIND[source],
        delta: isGold ? gold(-spent[source]) : String(-spent[source]),
        balance_after: isGold ? gold(left[source]) : String(left[source]),
        reason: 'translation',
        ref,
        created_at: now,
      };
    });
}
