/** SQL of members, their memberships, permissions and ledger rows. */
import { sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BaseUser } from '#protocol/user.ts';
import { type Db, uniqueViolation } from '../../db/database.ts';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import { conflict, type DomainError } from '../../domain/errors.ts';
import { EMAIL_TAKEN, toBaseUsers, USERNAME_TAKEN } from './users.rules.ts';

type Executor = Db | Transaction<Database>;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function findUsersByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where(sql<boolean>`id = any(${ids}::int[])`).execute();
}

/** Rows → BaseUser in their order, with one memberships query for all of them. */
export async function baseUsersOf(db: Executor, rows: readonly UserRow[], now: Date): Promise<BaseUser[]> {
  return toBaseUsers(
    rows,
    await findMemberships(
      db,
      rows.map((r) => r.id),
    ),
    now,
  );
}

/** A concurrent writer won the race for a name: answer what the checks before would have said. */
export function conflictFromUniqueViolation(error: unknown): DomainError | undefined {
  const violation = uniqueViolation(error);
  if (!violation) return undefined;
  return conflict(violation.constraint.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
}

/** A keyword is a username or an e-mail, compared case-insensitively. */
export function findUserByKeyword(db: Executor, keyword: string) {
  const k = keyword.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', k), eb(sql`lower(email)`, '=', k)]))
    .orderBy('id')
    .executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** Which of the names already belongs to someone other than `exceptId`. */
export async function findTaken(
  db: Executor,
  names: { username?: string | undefined; email?: string | undefined },
  exceptId = 0,
): Promise<{ username: boolean; email: boolean }> {
  const taken = { username: false, email: false };
  if (names.username !== undefined) {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', names.username.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    taken.username = row !== undefined;
  }
  if (names.email !== undefined) {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', names.email.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    taken.email = row !== undefined;
  }
  return taken;
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Members with their memberships and permissions (sorted), in one query: the user info reader's. A member who is
 * gone is absent.
 */
export async function findUsersWithGrants(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('memberships')
          .select(['memberships.user_id', 'memberships.level_name', 'memberships.level_sort', 'memberships.ends_at'])
          .whereRef('memberships.user_id', '=', 'users.id'),
      ).as('memberships'),
      sql<string[]>`coalesce((select array_agg(p.permission order by p.permission) from user_permissions p
        where p.user_id = users.id), '{}')`.as('permissions'),
    ])
    .where(sql<boolean>`users.id = any(${ids}::int[])`)
    .execute();
  // JSON carries the end of a membership as text.
  return rows.map(({ memberships, permissions, ...user }) => ({
    user: user as UserRow,
    memberships: memberships.map((m) => ({ ...m, ends_at: new Date(m.ends_at) })),
    permissions,
  }));
}

export function findMemberships(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('memberships').selectAll().where(sql<boolean>`user_id = any(${userIds}::int[])`).execute();
}

export async function upsertMembership(
  db: Executor,
  m: { user_id: number; level_name: string; level_sort: number; ends_at: Date },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values(m)
    .onConflict((oc) => oc.columns(['user_id', 'level_name']).doUpdateSet({ ends_at: m.ends_at, end_noticed_at: null }))
    .execute();
}

export async function findPermissions(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .orderBy('permission')
    .execute();
  return rows.map((r) => r.permission);
}

export async function insertLedgerRow(
  db: Executor,
  row: {
    user_id: number;
    kind: string;
    delta: number | string;
    balance_after: number | string;
    reason: string;
    ref?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('ledger')
    .values({ ref: null, ...row })
    .execute();
}
