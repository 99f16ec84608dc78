/** Reading and editing members. */
import type { UpdateBody } from '#protocol/auth.ts';
import type { BaseUser, UserInfo } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import { createBatchReader } from '../../db/group-commit.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { invalid, notFound, unauthorized } from '../../domain/errors.ts';
import { memberAllowances } from '../commerce/catalogue.repository.ts';
import { releaseImages } from '../files/files.release.ts';
import * as repo from './users.repository.ts';
import { checkBirthday, conflictFor, EMAIL_CHANGE_ELSEWHERE, toBaseUser, toUserInfo } from './users.rules.ts';

export async function getUserInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  return signedIn((await readUserInfos(ctx, [userId]))[0]);
}

/**
 * getUserInfo for the info route, where every page load and reconnect of every member asks: the requests that arrive
 * together are read together, in two queries per batch whatever its size (group-commit.ts, createBatchReader).
 */
export function createUserInfoReader(ctx: AppContext): (userId: number) => Promise<UserInfo> {
  const reads = createBatchReader<number, UserInfo | undefined>({
    read: (ids) => readUserInfos(ctx, ids),
    name: 'user info reader',
  });
  return async (userId) => signedIn(await reads.submit(userId));
}

/** The session outlived its member (deleted account): treat it as signed out. */
function signedIn(info: UserInfo | undefined): UserInfo {
  if (!info) throw unauthorized('Please sign in');
  return info;
}

/** The user info of each of `ids`, in their order; undefined for a member who is gone. */
async function readUserInfos(ctx: AppContext, ids: readonly number[]): Promise<(UserInfo | undefined)[]> {
  const [found, allowances] = await Promise.all([
    repo.findUsersWithGrants(ctx.db, [...new Set(ids)]),
    memberAllowances(ctx.db),
  ]);
  const now = ctx.now();
  const byId = new Map(found.map((f) => [f.user.id, f]));
  return ids.map((id) => {
    const f = byId.get(id);
    return f && toUserInfo(f.user, f.memberships, f.permissions, now, allowances);
  });
}

export async function getBaseUser(ctx: AppContext, userId: number): Promise<BaseUser> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw notFound(`No member with id ${userId}`);
  return toBaseUser(row, await repo.findMemberships(ctx.db, [userId]), ctx.now());
}

export async function updateProfile(ctx: AppContext, userId: number, body: UpdateBody): Promise<UserInfo> {
  if (body.birthday !== undefined) checkBirthday(body.birthday, ctx.now());
  if (body.email !== undefined) {
    const row = await repo.findUserById(ctx.db, userId);
    // The same address (any case) is not a change; a new one needs its own proof (docs/api.md).
    if (row && body.email.toLowerCase() !== row.email.toLowerCase()) throw invalid(EMAIL_CHANGE_ELSEWHERE);
  }
  const conflict = conflictFor(await repo.findTaken(ctx.db, { username: body.username }, userId));
  if (conflict) throw conflict;
  const changes: UserUpdate = {};
  if (body.avatar !== undefined) changes.avatar = body.avatar.trim();
  if (body.birthday !== undefined) changes.birthday = body.birthday;
  if (body.country !== undefined) changes.country = body.country.trim();
  if (body.countryId !== undefined) changes.country_id = body.countryId;
  if (body.gender !== undefined) changes.gender = body.gender;
  if (body.height !== undefined) changes.height = body.height;
  if (body.sign !== undefined) changes.sign = body.sign;
  if (body.username !== undefined) changes.username = body.username;
  if (body.weight !== undefined) changes.weight = body.weight;
  if (body.language !== undefined) changes.language = body.language.trim();
  const before = changes.avatar === undefined ? undefined : (await repo.findUserById(ctx.db, userId))?.avatar;
  try {
    await repo.updateUser(ctx.db, userId, changes);
  } catch (error) {
    throw repo.conflictFromUniqueViolation(error) ?? error;
  }
  // A replaced or removed avatar's file goes when nothing else shows it (files.release.ts).
  if (before && before !== changes.avatar) await releaseImages(ctx, [before]);
  return getUserInfo(ctx, userId);
}
