/**
 * Translation use cases (docs/api.md, Translation): a stored message or a draft is translated by
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
import { type EnginePair, NOT_AVAILABLE, TranslateError } from '../../adapters/translate/engine.ts';
import type { AppContext } from '../../context.ts';
import {
  forbidden,
  invalid,
  notFound,
  paymentRequired,
  unauthorized,
  unavailable,
  upstreamFailed,
} from '../../domain/errors.ts';
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

/** Engine failures as codes (docs/api.md, Translation): 503 none, 400 a pair it lacks, 502 a timeout or an error. */
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

async function readPayer(ctx: AppContext, userId: number): Promise<{ payer: repo.Payer; wallet: Wallet }> {
  const now = ctx.now();
  const payer = await repo.findPayer(ctx.db, userId, now);
  if (!payer) throw unauthorized('Please sign in');
  return { payer, wallet: walletOf(payer, payer.day_allowance, now) };
}

/** The message a member may translate: theirs to read, a text message. */
function checkMessage(userId: number, message: repo.MessageToTranslate | undefined): repo.MessageToTranslate {
  if (!message) throw notFound(NO_SUCH_MESSAGE);
  if (message.sender_id !== userId && message.to_id !== userId) throw forbidden(NOT_YOUR_CONVERSATION);
  if (message.type !== 1) throw invalid('msgId: only text messages can be translated');
  return message;
}

/** The message and the payer, read side by side. */
async function messageAndPayer(ctx: AppContext, userId: number, msgId: number) {
  const now = ctx.now();
  const found = await repo.findPayerAndMessage(ctx.db, userId, msgId, now);
  if (!found) throw unauthorized('Please sign in');
  const { payer, message } = found;
  return { message: checkMessage(userId, message), payer, wallet: walletOf(payer, payer.day_allowance, now) };
}

/** Refuses early what cannot be paid, so the engine is not asked for it (the charge re-checks under the lock). */
function checkAffordable(cost: number, wallet: Wallet, payer: repo.Payer): void {
  if (!planCharge(cost, wallet, payer.staff_account).enough) throw paymentRequired(NOT_ENOUGH);
}

/**
 * Pays `cost` for `userId`. First in one statement, when the balances `seen` before the engine was asked are still
 * there (repo.chargeIfUnchanged: the common case, one round trip); else in one transaction: the payer's row locked
 * FOR UPDATE, the charge planned on the locked balances (402 and nothing written when they cannot pay), then one
 * statement that stores `claim` (the cache) and writes the balances with one ledger row per source, or does nothing
 * when a concurrent request cached the same translation first (`paid` false: nothing charged).
 */
async function pay(
  ctx: AppContext,
  seen: repo.Payer,
  cost: number,
  ref: string,
  claim?: repo.Claim,
): Promise<{ charge: Charge; paid: boolean }> {
  const userId = seen.id;
  const now = ctx.now();
  const seenWallet = walletOf(seen, seen.day_allowance, now);
  const planned = planCharge(cost, seenWallet, seen.staff_account);
  if (planned.enough) {
    const rows = ledgerRows(userId, planned.spent, planned.left, ref, now);
    const outcome = await repo.chargeIfUnchanged(ctx.db, seen, now, claim, balancesAfter(planned.left, now), rows);
    if (outcome === 'paid') return { charge: planned, paid: true };
    if (outcome === 'cached') return { charge: planCharge(0, seenWallet), paid: false };
  }
  return ctx.db.transaction().execute(async (trx) => {
    const payer = await repo.lockPayer(trx, userId, now);
    if (!payer) throw unauthorized('Please sign in');
    const wallet = walletOf(payer, payer.day_allowance, now);
    const charge = planCharge(cost, wallet, payer.staff_account);
    if (!charge.enough) {
      // A concurrent request may have cached it meanwhile: that answer is free.
      const cached = claim && (await repo.cachedTranslation(trx, claim.msgId, claim.lang));
      if (cached !== undefined) return { charge: planCharge(0, wallet), paid: false };
      throw paymentRequired(NOT_ENOUGH);
    }
    const rows = ledgerRows(userId, charge.spent, charge.left, ref, now);
    const paid = await repo.claimAndCharge(trx, userId, claim, balancesAfter(charge.left, now), rows);
    return paid ? { charge, paid } : { charge: planCharge(0, wallet), paid };
  });
}

/** Engine calls in flight per engine, by message and locale: tabs asking at once share one call. */
const inFlight = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * Runs `work` (the engine) once for concurrent callers of the same key, then `after` (paying and caching) for each
 * caller. The key stays taken until the first caller has paid, so a caller arriving in between waits and then, in
 * `after`, finds the translation cached and pays nothing; should the first caller be refused (402), the next one
 * pays with the text already translated.
 */
async function translateOnce<T>(
  ctx: AppContext,
  key: string,
  work: () => Promise<string>,
  after: (text: string) => Promise<T>,
): Promise<T> {
  let calls = inFlight.get(ctx.translator);
  if (!calls) {
    calls = new Map();
    inFlight.set(ctx.translator, calls);
  }
  const running = calls.get(key);
  if (running) return after(await running);
  const text = work();
  const result = text.then(after);
  // Waiters get the text once the first caller's payment is over, whatever its outcome; an engine failure is theirs too.
  const shared = text.then((t) =>
    result.then(
      () => t,
      () => t,
    ),
  );
  shared.catch(() => {});
  calls.set(key, shared);
  try {
    return await result;
  } finally {
    calls.delete(key);
  }
}

/** `trans`: the message in `lang`, from the cache for free or from the engine, paid. */
export async function translateMessage(
  ctx: AppContext,
  userId: number,
  input: { msgId: number; lang: string },
): Promise<TransResult> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  const { message, payer, wallet } = await messageAndPayer(ctx, userId, input.msgId);
  const answer = (text: string, left: Wallet, charged: number): TransResult => ({
    msgId: input.msgId,
    lang: target,
    text,
    ...balanceOf(left),
    charged,
  });
  const hit = message.translations[target];
  if (hit !== undefined) return answer(hit, wallet, 0);
  const source = toLocale(message.lang);
  if (source === target) return answer(message.msg, wallet, 0);

  const cost = characterCost(message.msg);
  const pair = await ask(ctx, () => ctx.translator.pair(source, target));
  checkAffordable(cost, wallet, payer);
  return translateOnce(
    ctx,
    `${input.msgId}:${target}`,
    () => ask(ctx, () => ctx.translator.translate(message.msg, pair)),
    async (text) => {
      const { charge, paid } = await pay(ctx, payer, cost, `message:${input.msgId}:${target}`, {
        msgId: input.msgId,
        lang: target,
        text,
      });
      if (paid) return answer(text, charge.left, payer.staff_account ? 0 : cost);
      // Another request stored it first: this one answers the cache, free.
      return answer((await repo.cachedTranslation(ctx.db, input.msgId, target)) ?? text, charge.left, 0);
    },
  );
}

/** `transText`: a draft (not stored) translated into `lang` before sending, paid like a message, never cached. */
export async function translateDraft(
  ctx: AppContext,
  userId: number,
  input: { text: string; lang: string; from?: string | undefined },
): Promise<DraftResult> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  const { payer, wallet } = await readPayer(ctx, userId);
  const source = input.from !== undefined ? targetLocale(input.from, 'from') : toLocale(payer.language);
  if (source === target) return { lang: target, text: input.text, ...balanceOf(wallet), charged: 0 };
  const cost = characterCost(input.text);
  const pair: EnginePair = await ask(ctx, () => ctx.translator.pair(source, target));
  checkAffordable(cost, wallet, payer);
  const text = await ask(ctx, () => ctx.translator.translate(input.text, pair));
  const { charge } = await pay(ctx, payer, cost, `draft:${target}`);
  return { lang: target, text, ...balanceOf(charge.left), charged: payer.staff_account ? 0 : cost };
}

/** `transPreview`: what translating a message or a draft would cost and leave; charges nothing, translates nothing. */
export async function preview(
  ctx: AppContext,
  userId: number,
  input: { msgId: number; lang: string } | { text: string; lang: string; from?: string | undefined },
): Promise<TransPreview> {
  requireEngine(ctx);
  const target = targetLocale(input.lang);
  let text: string;
  let source: Locale | undefined;
  let read: { payer: repo.Payer; wallet: Wallet };
  if ('msgId' in input) {
    const { message, ...found } = await messageAndPayer(ctx, userId, input.msgId);
    read = found;
    if (message.translations[target] !== undefined) return previewOf(planCharge(0, read.wallet), true);
    text = message.msg;
    source = toLocale(message.lang);
  } else {
    read = await readPayer(ctx, userId);
    text = input.text;
    source = input.from !== undefined ? targetLocale(input.from, 'from') : toLocale(read.payer.language);
  }
  const { payer, wallet } = read;
  if (source === target) return previewOf(planCharge(0, wallet), true);
  await ask(ctx, () => ctx.translator.pair(source, target));
  const charge = planCharge(characterCost(text), wallet, payer.staff_account);
  return previewOf(charge, payer.staff_account);
}
