/** SQL of likes, visits, reports, member search and the meet list. */
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export interface Window {
  offset: number;
  limit: number;
}

/**
 * Neither `me` nor `users.id` has blocked the other, and `users.id` is not suspended. Lists never show a member on
 * either side of a block: the blocked one should not find the blocker, and the blocker asked not to see them.
 * A suspended member vanishes from every list until restored or signed in after the end (docs/api.md, Staff).
 */
function notBlocked(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>, me: number) {
  return eb.and([eb('u.suspended_until', 'is', null), notBlockedPair(eb, me)]);
}

function notBlockedPair(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>, me: number) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('blocks as b')
        .select(sql.lit(1).as('one'))
        .where((w) =>
          w.or([
            w.and([w('b.blocker_id', '=', me), w('b.blocked_id', '=', w.ref('u.id'))]),
            w.and([w('b.blocker_id', '=', w.ref('u.id')), w('b.blocked_id', '=', me)]),
          ]),
        ),
    ),
  );
}

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

export async function isLiked(db: Executor, userId: number, likedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('liked_id', '=', likedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Liking twice keeps the first time: 'who liked me' is ordered by when it first happened. */
export async function addLike(db: Executor, userId: number, likedId: number, at: Date): Promise<void> {
  await db
    .insertInto('likes')
    .values({ user_id: userId, liked_id: likedId, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeLike(db: Executor, userId: number, likedId: number): Promise<void> {
  await db.deleteFrom('likes').where('user_id', '=', userId).where('liked_id', '=', likedId).execute();
}

/** Members who liked `me` (direction 'me') or whom `me` liked ('mine'), newest like first. */
function likesQuery(db: Executor, me: number, direction: 'me' | 'mine') {
  const [mine, other] = direction === 'me' ? (['liked_id', 'user_id'] as const) : (['user_id', 'liked_id'] as const);
  return db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.id', `l.${other}`)
    .where(`l.${mine}`, '=', me)
    .where((eb) => notBlocked(eb, me));
}

export async function findLikes(db: Executor, me: number, direction: 'me' | 'mine', w: Window) {
  const [rows, total] = await Promise.all([
    likesQuery(db, me, direction)
      .selectAll('u')
      .orderBy('l.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(likesQuery(db, me, direction).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

/** Keeps only the latest visit of a pair. */
export async function upsertVisit(db: Executor, visitorId: number, visitedId: number, at: Date): Promise<void> {
  await db
    .insertInto('visits')
    .values({ visitor_id: visitorId, visited_id: visitedId, visited_at: at })
    .onConflict((oc) =>
      oc.columns(['visitor_id', 'visited_id']).doUpdateSet({ visited_at: (eb) => eb.ref('excluded.visited_at') }),
    )
    .execute();
}

function visitorsQuery(db: Executor, me: number) {
  return db
    .selectFrom('visits as v')
    .innerJoin('users as u', 'u.id', 'v.visitor_id')
    .where('v.visited_id', '=', me)
    .where((eb) => notBlocked(eb, me));
}

export async function findVisitors(db: Executor, me: number, w: Window) {
  const [rows, total] = await Promise.all([
    visitorsQuery(db, me)
      .selectAll('u')
      .select('v.visited_at')
      .orderBy('v.visited_at', 'desc')
      .orderBy('u.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(visitorsQuery(db, me).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

export async function insertReport(
  db: Executor,
  report: { reporterId: number; reportedId: number; type: number; at: Date },
): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      reported_id: report.reportedId,
      type: report.type,
      created_at: report.at,
    })
    .execute();
}

export async function hasOpenReport(db: Executor, reporterId: number, reportedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('reported_id', '=', reportedId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many reports `reporterId` made since `since`, and when the oldest of them was (for Retry-After). */
export async function recentReports(
  db: Executor,
  reporterId: number,
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest as Date | string | null;
  return { n: Number(row.n), oldest: oldest === null ? null : new Date(oldest) };
}

/** Serialises one reporter's reports (count, then insert) so parallel requests cannot pass the limit together. */
export async function lockReporter(trx: Transaction<Database>, reporterId: number): Promise<void> {
  await sql`select id from users where id = ${reporterId} for update`.execute(trx);
}

/** `\`, `%` and `_` are literal in a member's keyword; `\` is the escape character of the LIKE below. */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchQuery(db: Executor, me: number, pattern: string) {
  return db
    .selectFrom('users as u')
    .where('u.id', '<>', me)
    .where(sql<boolean>`u.username ilike ${pattern} escape '\\'`)
    .where((eb) => notBlocked(eb, me));
}

/** Usernames containing `keyword`, case-insensitively: the exact name first, then names starting with it. */
export async function searchUsers(db: Executor, me: number, keyword: string, w: Window) {
  const lower = keyword.toLowerCase();
  const escaped = escapeLike(keyword);
  const [rows, total] = await Promise.all([
    searchQuery(db, me, `%${escaped}%`)
      .selectAll('u')
      .orderBy(sql`lower(u.username) = ${lower}`, 'desc')
      .orderBy(sql`u.username ilike ${`${escaped}%`} escape '\\'`, 'desc')
      .orderBy(sql`lower(u.username)`)
      .orderBy('u.id')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(searchQuery(db, me, `%${escaped}%`).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

function meetQuery(db: Executor, me: number) {
  return db
    .selectFrom('users as u')
    .where('u.id', '<>', me)
    .where((eb) => notBlocked(eb, me));
}

/** Everyone but me: members with a running membership ('promote yourself') first, then the newest. */
export async function findMeet(db: Executor, me: number, now: Date, w: Window) {
  const [rows, total] = await Promise.all([
    meetQuery(db, me)
      .selectAll('u')
      .orderBy(sql`exists (select 1 from memberships m where m.user_id = u.id and m.ends_at > ${now})`, 'desc')
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(meetQuery(db, me).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}
