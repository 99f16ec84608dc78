/** Likes, visits, reports, search and meet: the use cases behind social.routes.ts. */
import type { PageOf, PageQuery, Visitor } from '#protocol/social.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { conflict } from '../../domain/errors.ts';
import * as users from '../users/users.repository.ts';
import { noSuchMember } from '../users/users.rules.ts';
import * as repo from './social.repository.ts';
import {
  ALREADY_REPORTED,
  iso,
  notSelf,
  REPORT_DAY_MS,
  REPORT_WINDOW_MS,
  REPORTS_PER_DAY,
  reportRetryAfter,
  tooManyReports,
  toWindow,
} from './social.rules.ts';

async function requireMember(db: repo.Executor, id: number): Promise<void> {
  if (!(await users.userExists(db, id))) throw noSuchMember();
}

const toBaseUsers = (ctx: AppContext, rows: readonly UserRow[]): Promise<BaseUser[]> =>
  users.baseUsersOf(ctx.db, rows, ctx.now());

export function isLiked(ctx: AppContext, me: number, userId: number): Promise<boolean> {
  return repo.isLiked(ctx.db, me, userId);
}

/** Sets (not toggles) the like, so a repeated request after a lost answer ends in the state the member chose. */
export async function setLike(ctx: AppContext, me: number, userId: number, like: boolean): Promise<boolean> {
  notSelf(me, userId, 'userId', 'like');
  await requireMember(ctx.db, userId);
  if (like) await repo.addLike(ctx.db, me, userId, ctx.now());
  else await repo.removeLike(ctx.db, me, userId);
  if (like) ctx.push.notify({ event: 'like', fromId: me, toId: userId });
  return like;
}

export async function likes(
  ctx: AppContext,
  me: number,
  direction: 'me' | 'mine',
  page: PageQuery,
): Promise<PageOf<BaseUser>> {
  const { rows, total } = await repo.findLikes(ctx.db, me, direction, toWindow(page));
  return { list: await toBaseUsers(ctx, rows), total };
}

/** A visit to oneself is ignored (docs/api.md, Users); anyone else's page must exist. */
export async function addVisit(ctx: AppContext, me: number, userId: number): Promise<null> {
  if (userId === me) return null;
  await requireMember(ctx.db, userId);
  await repo.upsertVisit(ctx.db, me, userId, ctx.now());
  ctx.push.notify({ event: 'visit', fromId: me, toId: userId });
  return null;
}

export async function visitors(ctx: AppContext, me: number, page: PageQuery): Promise<PageOf<Visitor>> {
  const { rows, total } = await repo.findVisitors(ctx.db, me, toWindow(page));
  const users = await toBaseUsers(ctx, rows);
  return { list: users.map((u, i) => ({ ...u, visitedAt: iso(rows[i]!.visited_at) })), total };
}

export async function report(ctx: AppContext, me: number, reportedId: number, type: number): Promise<null> {
  notSelf(me, reportedId, 'reportedId', 'report');
  await ctx.db.transaction().execute(async (trx) => {
    await requireMember(trx, reportedId);
    await repo.lockReporter(trx, me);
    const now = ctx.now();
    const retryAfter = Math.max(
      reportRetryAfter(await repo.recentReports(trx, me, new Date(now.getTime() - REPORT_WINDOW_MS)), now),
      reportRetryAfter(
        await repo.recentReports(trx, me, new Date(now.getTime() - REPORT_DAY_MS)),
        now,
        REPORTS_PER_DAY,
        REPORT_DAY_MS,
      ),
    );
    if (retryAfter > 0) throw tooManyReports(retryAfter);
    // One open report per reporter and member (staff see how many members reported someone, not how often).
    if (await repo.hasOpenReport(trx, me, reportedId)) throw conflict(ALREADY_REPORTED);
    await repo.insertReport(trx, { reporterId: me, reportedId, type, at: now });
  });
  return null;
}

export async function search(ctx: AppContext, me: number, keyword: string, page: PageQuery): Promise<PageOf<BaseUser>> {
  const { rows, total } = await repo.searchUsers(ctx.db, me, keyword, toWindow(page));
  return { list: await toBaseUsers(ctx, rows), total };
}

export async function meet(ctx: AppContext, me: number, page: PageQuery): Promise<PageOf<BaseUser>> {
  const { rows, total } = await repo.findMeet(ctx.db, me, ctx.now(), toWindow(page));
  return { list: await toBaseUsers(ctx, rows), total };
}
