/**
 * Translation use cases (api.md `trans`, `transPreview`, `transText`): a stored message or a draft is translated by
 * the engine, then paid in one transaction that locks the payer's row, so that concurrent translations from any
 * number of sockets never pay twice nor go below zero. A translation of a message is cached on the message per
 * target locale: asking again, from either member of the conversation, costs nothing. Nothing is charged for a
 * refusal or an engine failure, since the engine is asked before the transaction and the charge is all or nothing.
 */
import { LOCALES, type Locale } from '#protocol/constants.ts';
import {
  balanceOf,
  type Charge,
  characterCost,
  planCharge,
  previewOf,
  type TranslationBalance,
  type TransPreview,
  type TransResult,
  toLocale,
  type Wallet,
} from '#protocol/translation.ts';
import { currentMember, type LevelName } from '#protocol/user.ts';
import { type EnginePair, NOT_AVAILABLE, TranslateError } from '../../adapters/translate/engine.ts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  forbidden,
  invalid,
  notFound,
  paymentRequired,
  unauthorized,
  unavailable,
  upstreamFailed,
} from '../../domain/errors.ts';
import { findMemberships } from '../users/users.repository.ts';
import { memberRemainingList } from '../users/users.rules.ts';
import * as repo from './translate.repository.ts';
import { balancesAfter, ledgerRows, walletOf } from './translate.rules.ts';

export const NOT_ENOUGH = 'Not enough characters or gold to translate this';
export const NO_SUCH_MESSAGE = 'No such message';
export const NOT_YOUR_CONVERSATION = 'You can only translate messages of your own conversations';
export const ENGINE_FAILED = 'The translation service failed; nothing was charged';

export interface DraftResult extends TranslationBalance {
  lang: Locale;
  text: string;
  charged: number;
}

/** With TRANSLATE_ENGINE=none every translation call answers 503 before looking at anything else. */
function requireEngine(ctx: AppContext): void {
  if (ctx.translator.name === 'none') throw unavailable(NOT_AVAILABLE);
}

function targetLocale(lang: string, field = 'lang'): Locale {
  const locale = toLocale(lang);
  if (!locale) throw invalid(`${field}: '${lang.slice(0, 16)}' is not one of ${LOCALES.join(', ')}`);
  return locale;
}

/** Engine failures as api.md codes: 503 no engine, 400 a pair it lacks, 502 a timeout or an error. */
function engineError(ctx: AppContext, error: unknown): unknown {
  if (!(error instanceof TranslateError)) return error;
  if (error.kind === 'unavailable') return unavailable(error.message);
  if (error.kind === 'pair') return invalid(error.message);
  ctx.log.warn({ err: error }, 'translation engine failed');
  return upstreamFailed(ENGINE_FAILED);
}

async function ask<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw engineError(ctx, error);
  }
}

/** The membership level that sets the day allowance (api.md member config `dayCharacters`). */
async function levelOf(ctx: AppContext, userId: number, now: Date): Promise<LevelName> {
  const memberships = await findMemberships(ctx.db, [userId]);
  return currentMember(memberRemainingList(memberships, now)).levelName;
}

async function readPayer(ctx: AppContext, userId: number): Promise<{ row: UserRow; wallet: Wallet }> {
  const now = ctx.now();
  const [row, level] = await Promise.all([repo.findPayer(ctx.db, userId), levelOf(ctx, userId, now)]);
  if (!row) throw unauthorized('Please sign in');
  return { row, wallet: walletOf(row, level, now) };
}

/** The message a member may translate: theirs to read, a text message. */
async function messageFor(ctx: AppContext, userId: number, msgId: number) {
  const message = await repo.findMessage(ctx.db, msgId);
  if (!message) throw notFound(NO_SUCH_MESSAGE);
  if (message.sender_id !== userId && message.to_id !== userId) throw forbidden(NOT_YOUR_CONVERSATION);
  if (message.type !== 1) throw invalid('msgId: only text messages can be translated');
  return message;
}

/**
 * Pays `cost` for `userId` in one transaction: the payer's row locked FOR UPDATE, the charge planned on the locked
 * balances, balances and one ledger row per source written, then `store` (the cache) in the same transaction.
 * `alreadyDone` (re-checked under the lock) lets a concurrent request that cached the same translation win without
 * a second charge. 402 and nothing written when the balances cannot pay.
 */
async function pay(
  ctx: AppContext,
  userId: number,
  cost: number,
  ref: string,
  options: {
    alreadyDone?: (trx: repo.Trx) => Promise<string | undefined>;
    store?: (trx: repo.Trx) => Promise<void>;
  } = {},
): Promise<{ charge: Charge; cached: string | undefined }> {
  const now = ctx.now();
  const level = await levelOf(ctx, userId, now);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockPayer(trx, userId);
    if (!row) throw unauthorized('Please sign in');
    const wallet = walletOf(row, level, now);
    const cached = await options.alreadyDone?.(trx);
    if (cached !== undefined) return { charge: planCharge(0, wallet), cached };
    const charge = planCharge(cost, wallet, row.staff_account);
    if (!charge.enough) throw paymentRequired(NOT_ENOUGH);
    const rows = ledgerRows(userId, charge.spent, charge.left, ref, now);
    if (rows.length > 0) {
      await repo.updateBalances(trx, userId, balancesAfter(charge.left, now));
      await repo.insertLedgerRows(trx, rows);
    }
    await options.store?.(trx);
    return { charge, cached: undefined };
  });
}

/** `trans`: the message in `lang`, from the cache for free or from the engine, paid. */
export async function translateMessage(
  ctx: AppContext,
  userId: number,
  input: { msgId: number; lang: string },
): Promise<TransResult> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  const message = await messageFor(ctx, userId, input.msgId);
  const source = toLocale(message.lang);
  const free = (text: string, wallet: Wallet): TransResult => ({
    msgId: input.msgId,
    lang: target,
    text,
    ...balanceOf(wallet),
    charged: 0,
  });
  const hit = message.translations[target];
  if (hit !== undefined) return free(hit, (await readPayer(ctx, userId)).wallet);
  if (source === target) return free(message.msg, (await readPayer(ctx, userId)).wallet);

  const cost = characterCost(message.msg);
  const pair = await ask(ctx, () => ctx.translator.pair(source, target));
  // Asking the engine for what cannot be paid would waste it: refuse early (the charge re-checks under the lock).
  const { row, wallet } = await readPayer(ctx, userId);
  if (!planCharge(cost, wallet, row.staff_account).enough) throw paymentRequired(NOT_ENOUGH);
  const text = await ask(ctx, () => ctx.translator.translate(message.msg, pair));

  const { charge, cached } = await pay(ctx, userId, cost, `message:${input.msgId}:${target}`, {
    alreadyDone: (trx) => repo.lockCachedTranslation(trx, input.msgId, target),
    store: (trx) => repo.storeTranslation(trx, input.msgId, target, text),
  });
  if (cached !== undefined) return free(cached, charge.left);
  return { ...free(text, charge.left), charged: row.staff_account ? 0 : charge.cost };
}

/** `transText`: a draft (not stored) translated into `lang` before sending, paid like a message, never cached. */
export async function translateDraft(
  ctx: AppContext,
  userId: number,
  input: { text: string; lang: string; from?: string | undefined },
): Promise<DraftResult> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  const { row, wallet } = await readPayer(ctx, userId);
  const source = input.from !== undefined ? targetLocale(input.from, 'from') : toLocale(row.language);
  if (source === target) return { lang: target, text: input.text, ...balanceOf(wallet), charged: 0 };
  const cost = characterCost(input.text);
  const pair: EnginePair = await ask(ctx, () => ctx.translator.pair(source, target));
  if (!planCharge(cost, wallet, row.staff_account).enough) throw paymentRequired(NOT_ENOUGH);
  const text = await ask(ctx, () => ctx.translator.translate(input.text, pair));
  const { charge } = await pay(ctx, userId, cost, `draft:${target}`);
  return { lang: target, text, ...balanceOf(charge.left), charged: row.staff_account ? 0 : charge.cost };
}

/** `transPreview`: what translating a message or a draft would cost and leave; charges nothing, translates nothing. */
export async function preview(
  ctx: AppContext,
  userId: number,
  input: { msgId: number; lang: string } | { text: string; lang: string; from?: string | undefined },
): Promise<TransPreview> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  const { row, wallet } = await readPayer(ctx, userId);
  let text: string;
  let source: Locale | undefined;
  if ('msgId' in input) {
    const message = await messageFor(ctx, userId, input.msgId);
    if (message.translations[target] !== undefined) return previewOf(planCharge(0, wallet), true);
    text = message.msg;
    source = toLocale(message.lang);
  } else {
    text = input.text;
    source = input.from !== undefined ? targetLocale(input.from, 'from') : toLocale(row.language);
  }
  if (source === target) return previewOf(planCharge(0, wallet), true);
  await ask(ctx, () => ctx.translator.pair(source, target));
  const charge = planCharge(characterCost(text), wallet, row.staff_account);
  return previewOf(charge, row.staff_account);
}
