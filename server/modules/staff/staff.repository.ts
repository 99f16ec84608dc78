/** SQL of the staff console: the reports queue, member lookups, suspensions, permissions, grants and the audit log. */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type Executor = Db | Transaction<Database>;

export interface Window {
  offset: number;
  limit: number;
}

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

export async function findStaff(db: Executor, userId: number) {
  const [user, permissions] = await Promise.all([
    db.selectFrom('users').select(['id', 'staff_account']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).execute(),
  ]);
  return user ? { staffAccount: user.staff_account, permissions: permissions.map((p) => p.permission) } : undefined;
}

/** Makes the member staff with exactly these tags; their sessions answer 498 once (docs/api.md, Transport). */
export async function setPermissions(trx: Transaction<Database>, userId: number, permissions: readonly string[]) {
  await trx.updateTable('users').set({ staff_account: true }).where('id', '=', userId).execute();
  await trx.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  if (permissions.length > 0) {
    await trx
      .insertInto('user_permissions')
      .values(permissions.map((permission) => ({ user_id: userId, permission })))
      .execute();
  }
  await trx
    .updateTable('sessions')
    .set({ permissions_changed: true })
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .execute();
}

export interface ReportFilter {
  id?: number | undefined;
  status?: 'open' | 'resolved' | undefined;
  type?: number | undefined;
  reportedId?: number | undefined;
}

function reportsQuery(db: Executor, f: ReportFilter) {
  let q = db
    .selectFrom('reports as r')
    .innerJoin('users as a', 'a.id', 'r.reporter_id')
    .innerJoin('users as b', 'b.id', 'r.reported_id')
    .leftJoin('users as s', 's.id', 'r.resolved_by');
  if (f.id) q = q.where('r.id', '=', String(f.id));
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.type) q = q.where('r.type', '=', f.type);
  if (f.reportedId) q = q.where('r.reported_id', '=', f.reportedId);
  return q;
}

export type ReportRow = Awaited<ReturnType<typeof findReports>>['rows'][number];

/** Newest first, with the number of open reports on each reported member. */
export async function findReports(db: Executor, f: ReportFilter, w: Window) {
  const [rows, total] = await Promise.all([
    reportsQuery(db, f)
      .select([
        'r.id',
        'r.type',
        'r.status',
        'r.action',
        'r.note',
        'r.created_at',
        'r.resolved_at',
        'a.id as reporter_id',
        'a.username as reporter_name',
        'b.id as reported_id',
        'b.username as reported_name',
        's.id as resolver_id',
        's.username as resolver_name',
      ])
      .select(
        sql<string>`(select count(*) from reports o where o.reported_id = r.reported_id and o.status = 'open')`.as(
          'open_count',
        ),
      )
      .orderBy('r.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(reportsQuery(db, f).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

export function lockReport(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('reports').selectAll().where('id', '=', String(id)).forUpdate().executeTakeFirst();
}

/** Closes reports (one, or every open one on a member) and answers their reporters. */
export async function closeReports(
  trx: Transaction<Database>,
  where: { id: number } | { reportedId: number },
  c: { action: string; note: string; staffId: number; at: Date },
): Promise<number[]> {
  let q = trx
    .updateTable('reports')
    .set({ status: 'resolved', action: c.action, note: c.note, resolved_by: c.staffId, resolved_at: c.at })
    .where('status', '=', 'open');
  q = 'id' in where ? q.where('id', '=', String(where.id)) : q.where('reported_id', '=', where.reportedId);
  const rows = await q.returning('reporter_id').execute();
  return [...new Set(rows.map((r) => r.reporter_id))];
}

function membersQuery(db: Executor, keyword: string | undefined) {
  let q = db.selectFrom('users as u');
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`u.username`, 'ilike', sql`${pattern} escape '\\'`),
        eb(sql`u.email`, 'ilike', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

/** Members by name or e-mail (any part, any case), newest first, with their open reports. */
export async function findMembers(db: Executor, keyword: string | undefined, w: Window) {
  const [rows, total] = await Promise.all([
    membersQuery(db, keyword)
      .selectAll('u')
      .select(
        sql<string>`(select count(*) from reports o where o.reported_id = u.id and o.status = 'open')`.as('open_count'),
      )
      .orderBy('u.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(membersQuery(db, keyword).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

export function findMember(db: Executor, id: number) {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select(
      sql<string>`(select count(*) from reports o where o.reported_id = u.id and o.status = 'open')`.as('open_count'),
    )
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export function lockMember(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findLedger(db: Executor, userId: number, limit: number) {
  return db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

/** What a member wrote lately (chat text and photos they sent, their moments): the side sheet of a report. */
export async function findActivity(db: Executor, userId: number, limit: number) {
  const [messages, moments] = await Promise.all([
    db
      .selectFrom('messages')
      .select(['id', 'to_id', 'type', 'msg', 'created_at'])
      .where('sender_id', '=', userId)
      .where('type', 'in', [1, 2])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('moments')
      .select(['id', 'text', 'images', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { messages, moments };
}

/** Whether a suspension of the member runs at `now` (push sends them nothing meanwhile). */
export async function isSuspended(db: Executor, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('suspended_until', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSuspension(db: Executor, userId: number, until: Date | null): Promise<void> {
  await db.updateTable('users').set({ suspended_until: until }).where('id', '=', userId).execute();
}

export async function addBalance(
  trx: Transaction<Database>,
  userId: number,
  column: 'give_character_count' | 'give_gold',
  after: string,
): Promise<void> {
  await sql`update users set ${sql.ref(column)} = ${after}::numeric where id = ${userId}`.execute(trx);
}

export async function insertAudit(
  db: Executor,
  row: {
    staffId: number;
    action: string;
    targetType: string;
    targetId: string | number;
    before: unknown;
    after: unknown;
    note?: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: row.staffId,
      action: row.action,
      target_type: row.targetType,
      target_id: String(row.targetId),
      before: row.before === undefined ? null : JSON.stringify(row.before),
      after: row.after === undefined ? null : JSON.stringify(row.after),
      note: row.note ?? '',
      created_at: row.at,
    })
    .execute();
}

function auditQuery(db: Executor, action: string | undefined) {
  let q = db.selectFrom('audit_log as l').leftJoin('users as s', 's.id', 'l.staff_id');
  if (action) q = q.where('l.action', '=', action);
  return q;
}

export async function findAudit(db: Executor, action: string | undefined, w: Window) {
  const [rows, total] = await Promise.all([
    auditQuery(db, action)
      .selectAll('l')
      .select('s.username')
      .orderBy('l.id', 'desc')
      .offset(w.offset)
      .limit(w.limit)
      .execute(),
    count(auditQuery(db, action).select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

export function findCatalogue(db: Executor) {
  return Promise.all([
    db.selectFrom('catalogue_specs').selectAll().orderBy('type').orderBy('amount').orderBy('id').execute(),
    db.selectFrom('member_configs').selectAll().orderBy('level_sort', 'desc').execute(),
  ]);
}

export function lockSpec(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('catalogue_specs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSpec(trx: Transaction<Database>, id: number, num: number, amount: number) {
  await trx.updateTable('catalogue_specs').set({ num, amount }).where('id', '=', id).execute();
}

export function lockPlan(trx: Transaction<Database>, levelName: string) {
  return trx
    .selectFrom('member_configs')
    .selectAll()
    .where('level_name', '=', levelName)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePlan(
  trx: Transaction<Database>,
  levelName: string,
  p: { day_characters: number; month_videos: number; show_identity: boolean },
) {
  await trx.updateTable('member_configs').set(p).where('level_name', '=', levelName).execute();
}
