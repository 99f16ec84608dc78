/** Sign-up, sign-in and password recovery; each change that must hold together runs in one transaction. */

import type { LoginBody, RegisterBody, ResetBody } from '#protocol/auth.ts';
import { Code } from '#protocol/codes.ts';
import { REGISTER_CHARACTERS, RESET_CODE_MINUTES } from '#protocol/constants.ts';
import { ageOn } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import * as users from '../users/users.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import * as repo from './auth.repository.ts';
import { hashResetCode, hashToken, isAdult, MIN_AGE, newResetCode, newToken, resetCodeExpiry } from './auth.rules.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';

/** Birthday rules shared by sign-up and profile edits. */
export function checkBirthday(birthday: string, now: Date): void {
  if (ageOn(birthday, now) > 120) throw new HttpError(Code.badRequest, 'birthday must be a real date of birth');
  if (!isAdult(birthday, now)) throw new HttpError(Code.badRequest, `birthday: you must be at least ${MIN_AGE}`);
}

export function conflictFor(taken: { username: boolean; email: boolean }): HttpError | undefined {
  if (taken.username) return new HttpError(Code.conflict, USERNAME_TAKEN);
  if (taken.email) return new HttpError(Code.conflict, EMAIL_TAKEN);
  return undefined;
}

/** A concurrent writer won the race for a name: answer what the checks before would have said. */
export function conflictFromUniqueViolation(error: unknown): HttpError | undefined {
  const violation = uniqueViolation(error);
  if (!violation) return undefined;
  return new HttpError(Code.conflict, violation.constraint.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
}

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
    throw conflictFromUniqueViolation(error) ?? error;
  }
  return token;
}

export async function login(ctx: AppContext, body: LoginBody): Promise<string> {
  const user = await users.findUserByKeyword(ctx.db, body.keyword.trim());
  if (!user) {
    await verifyAgainstDummy(body.password);
    throw new HttpError(Code.badRequest, WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new HttpError(Code.badRequest, WRONG_CREDENTIALS);
  }
  const token = newToken();
  await repo.insertSession(ctx.db, hashToken(token), user.id);
  return token;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await repo.revokeSession(ctx.db, hashToken(token));
}

/** Always succeeds from the caller's view, so the answer never tells whether an address has an account. */
export async function sendResetCode(ctx: AppContext, email: string): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) return;
  const now = ctx.now();
  const code = newResetCode();
  await repo.insertResetCode(
    ctx.db,
    user.email,
    hashResetCode(ctx.config.sessionSecret, user.email, code),
    resetCodeExpiry(now),
  );
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your Amity verification code',
      text: `Hello ${user.username},\n\nYour verification code is ${code}. It is valid for ${RESET_CODE_MINUTES} minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`,
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'sending the verification code failed');
  }
}

export async function resetPassword(ctx: AppContext, body: ResetBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const codeHash = hashResetCode(ctx.config.sessionSecret, body.email, body.code);
  await ctx.db.transaction().execute(async (trx) => {
    const code = await repo.findUsableResetCode(trx, body.email, codeHash, ctx.now());
    const user = code ? await users.findUserByEmail(trx, body.email) : undefined;
    if (!code || !user) throw new HttpError(Code.badRequest, 'code is wrong or has expired');
    await users.updateUser(trx, user.id, { password_hash: passwordHash });
    await repo.spendResetCodes(trx, body.email);
    await repo.revokeUserSessions(trx, user.id);
  });
}

export async function changePassword(ctx: AppContext, userId: number, oldMd5: string, newMd5: string): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new HttpError(Code.unauthorized, 'Please sign in');
  if (!(await verifyPassword(user.password_hash, oldMd5))) {
    throw new HttpError(Code.badRequest, 'oldPassword is wrong');
  }
  const passwordHash = await hashPassword(newMd5);
  await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, userId, { password_hash: passwordHash });
    // Every session ends, this one too: a changed password must lock out whoever else held a token.
    await repo.revokeUserSessions(trx, userId);
  });
}
