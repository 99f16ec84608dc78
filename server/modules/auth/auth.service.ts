/** Sign-up, sign-in and password recovery; each change that must hold together runs in one transaction. */

import type { EmailChangeBody, EmailCodeBody, LoginBody, RegisterBody, ResetBody } from '#protocol/auth.ts';
import { CODE_MAX_ATTEMPTS, REGISTER_CHARACTERS, RESET_CODE_MINUTES } from '#protocol/constants.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, invalid, tooMany, unauthorized } from '../../domain/errors.ts';
import * as users from '../users/users.repository.ts';
import { checkBirthday, conflictFor, suspensionMessage } from '../users/users.rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import * as repo from './auth.repository.ts';
import {
  CODE_WINDOW_MS,
  codeRequestMessage,
  codeRequestRetryAfter,
  hashResetCode,
  hashToken,
  newResetCode,
  newToken,
  requesterOfAddress,
  resetCodeExpiry,
  sameHash,
} from './auth.rules.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password';
export const WRONG_CODE = 'code is wrong or has expired';

export async function register(ctx: AppContext, body: RegisterBody): Promise<string> {
  const now = ctx.now();
  checkBirthday(body.birthday, now);
  const conflict = conflictFor(await users.findTaken(ctx.db, body));
  if (conflict) throw conflict;
  const passwordHash = await hashPassword(body.password);
  const token = newToken();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const id = await users.insertUser(trx, {
        username: body.username,
        email: body.email,
        password_hash: passwordHash,
        birthday: body.birthday,
        gender: body.gender,
        country: body.country.trim(),
        country_id: body.countryId ?? null,
        height: body.height ?? null,
        weight: body.weight ?? null,
        language: body.language?.trim() ?? '',
        register_character_count: REGISTER_CHARACTERS,
        buy_gold: 0,
        give_gold: 0,
      });
      await users.insertLedgerRow(trx, {
        user_id: id,
        kind: 'register_character',
        delta: REGISTER_CHARACTERS,
        balance_after: REGISTER_CHARACTERS,
        reason: 'registration',
      });
      await repo.insertSession(trx, hashToken(token), id);
    });
  } catch (error) {
    throw users.conflictFromUniqueViolation(error) ?? error;
  }
  return token;
}

export async function login(ctx: AppContext, body: LoginBody): Promise<string> {
  const user = await users.findUserByKeyword(ctx.db, body.keyword.trim());
  if (!user) {
    await verifyAgainstDummy(body.password);
    throw invalid(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, body.password))) throw invalid(WRONG_CREDENTIALS);
  // Only after the password: the answer must not tell strangers who is suspended.
  const suspended = suspensionMessage(user.suspended_until, ctx.now());
  if (suspended) throw forbidden(suspended);
  // A suspension that ran out: the member shows in lists again from this sign-in on.
  if (user.suspended_until) await users.updateUser(ctx.db, user.id, { suspended_until: null });
  const token = newToken();
  await repo.insertSession(ctx.db, hashToken(token), user.id);
  return token;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await repo.revokeSession(ctx.db, tokenHash);
  ctx.hub.revokeTokens([tokenHash]);
}

/**
 * Admits one code request of `requester` or throws 429: CODE_RESEND_SECONDS after the previous one, CODES_PER_DAY
 * a day. Reset requests are counted per address whether or not it has an account, so the answer never tells.
 */
async function admitCodeRequest(ctx: AppContext, purpose: repo.CodePurpose, requester: string): Promise<void> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - CODE_WINDOW_MS);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockRequester(trx, purpose, requester);
    const retryAfter = codeRequestRetryAfter(await repo.recentCodeRequests(trx, purpose, requester, windowStart), now);
    if (retryAfter > 0) throw tooMany(codeRequestMessage(retryAfter), retryAfter);
    await repo.insertCodeRequest(trx, purpose, requester, now, windowStart);
  });
}

async function mail(ctx: AppContext, to: string, subject: string, text: string): Promise<void> {
  try {
    await ctx.mailer.send({ to, subject, text });
  } catch (error) {
    ctx.log.error({ err: error }, `sending '${subject}' failed`);
  }
}

/** A new code for the owner, replacing any earlier one; answers the code to mail. */
async function issueCode(ctx: AppContext, owner: repo.CodeOwner, email: string): Promise<string> {
  const code = newResetCode();
  const codeHash = hashResetCode(ctx.config.sessionSecret, email, code);
  const expiresAt = resetCodeExpiry(ctx.now());
  await ctx.db.transaction().execute((trx) => repo.replaceCode(trx, owner, { email, codeHash, expiresAt }));
  return code;
}

/**
 * Checks a guess against the owner's one live code inside `trx`. A wrong guess is counted (from any IP) and the
 * code dies at CODE_MAX_ATTEMPTS; the caller must commit, so it gets false instead of an exception.
 */
async function guessCode(
  ctx: AppContext,
  trx: Parameters<typeof repo.findLiveCode>[0],
  owner: repo.CodeOwner,
  email: string,
  code: string,
): Promise<boolean> {
  const live = await repo.findLiveCode(trx, owner, ctx.now(), CODE_MAX_ATTEMPTS);
  if (!live) return false;
  const right =
    live.email.toLowerCase() === email.toLowerCase() &&
    sameHash(live.code_hash, hashResetCode(ctx.config.sessionSecret, email, code));
  if (!right) await repo.countWrongGuess(trx, live.id, CODE_MAX_ATTEMPTS);
  return right;
}

const codeMail = (username: string, code: string, purpose: string) =>
  `Hello ${username},\n\nYour verification code ${purpose} is ${code}. It is valid for ${RESET_CODE_MINUTES} minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`;

/**
 * The same answer for every address: 200 (a code is mailed when the address has an account), or 429 inside the
 * cooldown or over the daily cap, counted per address whether or not it has an account.
 */
export async function sendResetCode(ctx: AppContext, email: string): Promise<void> {
  await admitCodeRequest(ctx, 'reset', requesterOfAddress(ctx.config.sessionSecret, email));
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) return;
  const code = await issueCode(ctx, { purpose: 'reset', email: user.email }, user.email);
  await mail(ctx, user.email, 'Your Amity verification code', codeMail(user.username, code, 'to reset your password'));
}

export async function resetPassword(ctx: AppContext, body: ResetBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    if (!(await guessCode(ctx, trx, { purpose: 'reset', email: body.email }, body.email, body.code))) return undefined;
    const user = await users.findUserByEmail(trx, body.email);
    if (!user) return undefined;
    await users.updateUser(trx, user.id, { password_hash: passwordHash });
    await repo.spendCodes(trx, { purpose: 'reset', email: body.email });
    await repo.revokeUserSessions(trx, user.id);
    return user.id;
  });
  if (userId === undefined) throw invalid(WRONG_CODE);
  ctx.hub.revokeMember(userId);
}

/**
 * Step 1 of a change of address: the current password proves the member, the code goes to the new address. An
 * address that belongs to someone else gets a notice instead of a code, and the caller the same 200 (no enumeration).
 */
export async function requestEmailChange(ctx: AppContext, userId: number, body: EmailCodeBody): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw unauthorized('Please sign in');
  if (!(await verifyPassword(user.password_hash, body.password))) throw invalid('password is wrong');
  if (body.email.toLowerCase() === user.email.toLowerCase()) throw invalid('email is already your address');
  await admitCodeRequest(ctx, 'email', `user:${userId}`);
  if ((await users.findTaken(ctx.db, { email: body.email }, userId)).email) {
    await mail(
      ctx,
      body.email,
      'Your Amity address',
      'Hello,\n\nSomeone asked to move an Amity account to this address, but it already belongs to an Amity account, so nothing was changed.\n\nIf it was you, sign in with this address instead. Otherwise ignore this e-mail.\n',
    );
    return;
  }
  const code = await issueCode(ctx, { purpose: 'email', userId }, body.email);
  await mail(ctx, body.email, 'Your Amity verification code', codeMail(user.username, code, 'to confirm this address'));
}

/** Step 2: the code from the new address changes it; the old address is told. */
export async function confirmEmailChange(ctx: AppContext, userId: number, body: EmailChangeBody): Promise<void> {
  let changed: { username: string; oldEmail: string } | undefined;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await guessCode(ctx, trx, { purpose: 'email', userId }, body.email, body.code))) return undefined;
      const user = await users.findUserById(trx, userId);
      if (!user) return undefined;
      await users.updateUser(trx, userId, { email: body.email });
      await repo.spendCodes(trx, { purpose: 'email', userId });
      return { username: user.username, oldEmail: user.email };
    });
  } catch (error) {
    // Only someone who read the code at that address gets here, so saying it is taken tells them nothing new.
    throw users.conflictFromUniqueViolation(error) ?? error;
  }
  if (!changed) throw invalid(WRONG_CODE);
  await mail(
    ctx,
    changed.oldEmail,
    'Your Amity address was changed',
    `Hello ${changed.username},\n\nThe e-mail address of your Amity account was changed to ${body.email}. Mail about your account now goes there.\n\nIf you did not do this, someone may know your password: reset it through ${body.email} if you can, or reply to this e-mail.\n`,
  );
}

/**
 * The session that proved the old password stays signed in (docs/product.md: success signs out the other devices);
 * every other session of the member ends, and their sockets close on every instance.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentToken: string,
  oldMd5: string,
  newMd5: string,
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw unauthorized('Please sign in');
  if (!(await verifyPassword(user.password_hash, oldMd5))) throw invalid('oldPassword is wrong');
  const passwordHash = await hashPassword(newMd5);
  const currentTokenHash = hashToken(currentToken);
  await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, userId, { password_hash: passwordHash });
    // Whoever else held a token is locked out; this device proved the old password and keeps its session.
    await repo.revokeUserSessions(trx, userId, currentTokenHash);
  });
  ctx.hub.revokeMember(userId, currentTokenHash);
}
