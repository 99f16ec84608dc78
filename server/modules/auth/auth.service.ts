/** Sign-up, sign-in and password recovery; each change that must hold together runs in one transaction. */

import type { LoginBody, RegisterBody, ResetBody } from '#protocol/auth.ts';
import { REGISTER_CHARACTERS, RESET_CODE_MINUTES } from '#protocol/constants.ts';
import type { AppContext } from '../../context.ts';
import { invalid, unauthorized } from '../../domain/errors.ts';
import * as users from '../users/users.repository.ts';
import { checkBirthday, conflictFor } from '../users/users.rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './auth.passwords.ts';
import * as repo from './auth.repository.ts';
import { hashResetCode, hashToken, newResetCode, newToken, resetCodeExpiry } from './auth.rules.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password';

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
  const token = newToken();
  await repo.insertSession(ctx.db, hashToken(token), user.id);
  return token;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await repo.revokeSession(ctx.db, hashToken(token));
  ctx.hub.revokeTokens([hashToken(token)]);
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
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const code = await repo.findUsableResetCode(trx, body.email, codeHash, ctx.now());
    const user = code ? await users.findUserByEmail(trx, body.email) : undefined;
    if (!code || !user) throw invalid('code is wrong or has expired');
    await users.updateUser(trx, user.id, { password_hash: passwordHash });
    await repo.spendResetCodes(trx, body.email);
    await repo.revokeUserSessions(trx, user.id);
    return user.id;
  });
  ctx.hub.revokeMember(userId);
}

export async function changePassword(ctx: AppContext, userId: number, oldMd5: string, newMd5: string): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw unauthorized('Please sign in');
  if (!(await verifyPassword(user.password_hash, oldMd5))) throw invalid('oldPassword is wrong');
  const passwordHash = await hashPassword(newMd5);
  await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, userId, { password_hash: passwordHash });
    // Every session ends, this one too: a changed password must lock out whoever else held a token.
    await repo.revokeUserSessions(trx, userId);
  });
  ctx.hub.revokeMember(userId);
}
