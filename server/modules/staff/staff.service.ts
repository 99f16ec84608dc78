/**
 * Staff use cases (docs/api.md, Staff): the reports queue, suspensions, grants, catalogue edits and permissions.
 * Every change writes its audit row in the same transaction; sockets are told only after the commit.
 */
import { Code } from '#protocol/codes.ts';
import type { PageOf } from '#protocol/social.ts';
import type {
  AuditEntry,
  MemberActivity,
  Permission,
  StaffCatalogue,
  StaffMember,
  StaffMemberDetail,
  StaffReport,
} from '#protocol/staff.ts';
import {
  auditQuerySchema,
  type GrantBody,
  memberQuerySchema,
  type ResolveBody,
  reportQuerySchema,
} from '#protocol/staff-schemas.ts';
import type { UserInfo } from '#protocol/user.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, invalid, notFound } from '../../domain/errors.ts';
import { revokeUserSessions } from '../auth/auth.repository.ts';
import { sendSystemMessage } from '../chat/chat.writer.ts';
import { memberConfigs } from '../commerce/catalogue.repository.ts';
import * as users from '../users/users.repository.ts';
import { noSuchMember, toUserInfo } from '../users/users.rules.ts';
import { type NoticeKind, noticeText } from './staff.notices.ts';
import * as repo from './staff.repository.ts';
import {
  cents,
  checkMaySuspend,
  goldText,
  NO_PERMISSION,
  NO_SUCH_REPORT,
  parseQuery,
  REPORT_RESOLVED,
  runningSuspension,
  suspensionEnd,
  toAuditEntry,
  toLedgerEntry,
  toStaffMember,
  toStaffReport,
  toWindow,
} from './staff.rules.ts';

export interface Actor {
  id: number;
  permissions: string[];
}

/** The signed-in member as staff holding `tag`: 403 for members and for staff without it. */
export async function requirePermission(ctx: AppContext, userId: number, tag: Permission): Promise<Actor> {
  const staff = await repo.findStaff(ctx.db, userId);
  if (!staff?.staffAccount || !staff.permissions.includes(tag)) throw forbidden(NO_PERMISSION);
  return { id: userId, permissions: staff.permissions };
}

export async function reports(ctx: AppContext, query: unknown): Promise<PageOf<StaffReport>> {
  const q = parseQuery(reportQuerySchema, query);
  const { rows, total } = await repo.findReports(ctx.db, { status: q.status, type: q.type }, toWindow(q));
  return { list: rows.map(toStaffReport), total };
}

async function oneReport(ctx: AppContext, id: number): Promise<StaffReport> {
  const { rows } = await repo.findReports(ctx.db, { id }, { offset: 0, limit: 1 });
  if (!rows[0]) throw notFound(NO_SUCH_REPORT);
  return toStaffReport(rows[0]);
}

type Delivery = () => void;

/** A notice as chat text from the acting staff member, in the receiver's language; delivered after the commit. */
async function notice(ctx: AppContext, trx: repo.Executor, staffId: number, toId: number, kind: NoticeKind) {
  const receiver = await users.findUserById(trx, toId);
  const { msg, lang } = noticeText(kind, receiver?.language ?? '');
  const sent = await sendSystemMessage(ctx, trx, { senderId: staffId, toId, type: 1, msg, lang });
  return sent.deliver;
}

/** Suspends inside `trx`: the end date, every session revoked, and the audit row. Sockets close after the commit. */
async function suspendIn(
  ctx: AppContext,
  trx: Parameters<typeof repo.lockMember>[0],
  actor: Actor,
  memberId: number,
  days: number,
  note: string,
): Promise<void> {
  const target = await repo.lockMember(trx, memberId);
  if (!target) throw noSuchMember();
  checkMaySuspend(actor, target);
  const now = ctx.now();
  const until = suspensionEnd(days, now);
  await repo.setSuspension(trx, memberId, until);
  await revokeUserSessions(trx, memberId);
  await repo.insertAudit(trx, {
    staffId: actor.id,
    action: 'member.suspend',
    targetType: 'member',
    targetId: memberId,
    before: { suspendedUntil: runningSuspension(target.suspended_until, now) },
    after: { suspendedUntil: until.toISOString(), days },
    note,
    at: now,
  });
}

export async function resolveReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ResolveBody,
): Promise<StaffReport> {
  if (body.action === 'suspend' && !actor.permissions.includes('member:suspend')) throw forbidden(NO_PERMISSION);
  const note = body.note?.trim() ?? '';
  const { deliveries, reportedId } = await ctx.db.transaction().execute(async (trx) => {
    const report = await repo.lockReport(trx, id);
    if (!report) throw notFound(NO_SUCH_REPORT);
    if (report.status !== 'open') throw invalid(REPORT_RESOLVED);
    const now = ctx.now();
    const out: Delivery[] = [];
    if (body.action === 'suspend') await suspendIn(ctx, trx, actor, report.reported_id, body.days, note);
    if (body.action === 'warn') out.push(await notice(ctx, trx, actor.id, report.reported_id, 'warning'));
    // Acting on a member settles every open report on them; dismissing settles only this one.
    const reporters = await repo.closeReports(
      trx,
      body.action === 'dismiss' ? { id } : { reportedId: report.reported_id },
      { action: body.action, note, staffId: actor.id, at: now },
    );
    if (body.action !== 'dismiss') {
      for (const reporter of reporters) out.push(await notice(ctx, trx, actor.id, reporter, 'reportActioned'));
    }
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: `report.${body.action}`,
      targetType: 'report',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'resolved', action: body.action, ...(body.action === 'suspend' ? { days: body.days } : {}) },
      note,
      at: now,
    });
    return { deliveries: out, reportedId: report.reported_id };
  });
  if (body.action === 'suspend') ctx.hub.revokeMember(reportedId);
  for (const deliver of deliveries) deliver();
  return oneReport(ctx, id);
}

export async function activity(ctx: AppContext, memberId: number): Promise<MemberActivity> {
  if (!(await users.userExists(ctx.db, memberId))) throw noSuchMember();
  const { messages, moments } = await repo.findActivity(ctx.db, memberId, 20);
  return {
    messages: messages.map((m) => ({
      id: Number(m.id),
      toId: m.to_id,
      type: m.type,
      msg: m.msg,
      createdAt: new Date(m.created_at).toISOString(),
    })),
    moments: moments.map((m) => ({
      id: Number(m.id),
      text: m.text,
      images: m.images.map((i) => i.url),
      createdAt: new Date(m.created_at).toISOString(),
    })),
  };
}

export async function members(ctx: AppContext, query: unknown): Promise<PageOf<StaffMember>> {
  const q = parseQuery(memberQuerySchema, query);
  const { rows, total } = await repo.findMembers(ctx.db, q.keyword?.trim() || undefined, toWindow(q));
  const memberships = await users.findMemberships(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.now();
  return {
    list: rows.map((r) =>
      toStaffMember(
        r,
        memberships.filter((m) => m.user_id === r.id),
        now,
      ),
    ),
    total,
  };
}

export async function member(ctx: AppContext, memberId: number): Promise<StaffMemberDetail> {
  const row = await repo.findMember(ctx.db, memberId);
  if (!row) throw noSuchMember();
  const [memberships, reportRows, ledger] = await Promise.all([
    users.findMemberships(ctx.db, [memberId]),
    repo.findReports(ctx.db, { reportedId: memberId }, { offset: 0, limit: 50 }),
    repo.findLedger(ctx.db, memberId, 50),
  ]);
  return {
    member: toStaffMember(row, memberships, ctx.now()),
    reports: reportRows.rows.map(toStaffReport),
    ledger: ledger.map(toLedgerEntry),
  };
}

export async function suspend(ctx: AppContext, actor: Actor, memberId: number, days: number, note = ''): Promise<null> {
  await ctx.db.transaction().execute((trx) => suspendIn(ctx, trx, actor, memberId, days, note.trim()));
  ctx.hub.revokeMember(memberId);
  return null;
}

export async function restore(ctx: AppContext, actor: Actor, memberId: number): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await repo.lockMember(trx, memberId);
    if (!target) throw noSuchMember();
    const now = ctx.now();
    await repo.setSuspension(trx, memberId, null);
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: 'member.restore',
      targetType: 'member',
      targetId: memberId,
      before: { suspendedUntil: runningSuspension(target.suspended_until, now) },
      after: { suspendedUntil: null },
      at: now,
    });
  });
  return null;
}

/** Adds given characters or gold (the `give_*` balances), with its ledger and audit rows in one transaction. */
export async function grant(ctx: AppContext, actor: Actor, memberId: number, body: GrantBody): Promise<UserInfo> {
  const reason = body.reason.trim();
  const deliver = await ctx.db.transaction().execute(async (trx) => {
    const target = await repo.lockMember(trx, memberId);
    if (!target) throw noSuchMember();
    const now = ctx.now();
    const gold = body.kind === 'gold';
    const before = gold ? cents(target.give_gold) : target.give_character_count;
    const add = gold ? Math.round(body.amount * 100) : body.amount;
    const after = before + add;
    const text = (v: number) => (gold ? goldText(v) : String(v));
    await repo.addBalance(trx, memberId, gold ? 'give_gold' : 'give_character_count', text(after));
    await users.insertLedgerRow(trx, {
      user_id: memberId,
      kind: gold ? 'give_gold' : 'give_character',
      delta: text(add),
      balance_after: text(after),
      reason: `staff grant: ${reason}`,
      ref: `staff:${actor.id}`,
    });
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: `balance.grant.${body.kind}`,
      targetType: 'member',
      targetId: memberId,
      before: { [gold ? 'giveGoldCount' : 'giveCharacterCount']: gold ? before / 100 : before },
      after: { [gold ? 'giveGoldCount' : 'giveCharacterCount']: gold ? after / 100 : after },
      note: reason,
      at: now,
    });
    // The member's client refreshes its balances on a type 7 note to themselves (docs/api.md, Commerce).
    const sent = await sendSystemMessage(ctx, trx, {
      senderId: memberId,
      toId: memberId,
      type: 7,
      msg: JSON.stringify({ reason: 'grant', changes: [`${body.kind} +${text(add)}`] }),
    });
    return sent.deliver;
  });
  deliver();
  const row = await users.findUserById(ctx.db, memberId);
  if (!row) throw noSuchMember();
  const [memberships, permissions, configs] = await Promise.all([
    users.findMemberships(ctx.db, [memberId]),
    users.findPermissions(ctx.db, memberId),
    memberConfigs(ctx.db),
  ]);
  return toUserInfo(row, memberships, permissions, ctx.now(), configs);
}

export async function audit(ctx: AppContext, query: unknown): Promise<PageOf<AuditEntry>> {
  const q = parseQuery(auditQuerySchema, query);
  const { rows, total } = await repo.findAudit(ctx.db, q.action, toWindow(q));
  return { list: rows.map(toAuditEntry), total };
}

export async function catalogue(ctx: AppContext): Promise<StaffCatalogue> {
  const [specs, plans] = await repo.findCatalogue(ctx.db);
  return {
    specs: specs.map((s) => ({
      id: s.id,
      type: s.type,
      num: s.num,
      levelName: s.level_name,
      amount: Number(s.amount),
    })),
    plans: plans.map((p) => ({
      levelName: p.level_name,
      levelSort: p.level_sort,
      dayCharacters: p.day_characters,
      monthVideos: p.month_videos,
      showIdentity: p.show_identity,
    })),
  };
}

export async function editSpec(ctx: AppContext, actor: Actor, id: number, body: { num: number; amount: number }) {
  await ctx.db.transaction().execute(async (trx) => {
    const spec = await repo.lockSpec(trx, id);
    if (!spec) throw notFound(`No catalogue package with id ${id}`);
    await repo.updateSpec(trx, id, body.num, body.amount);
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: 'catalog.package',
      targetType: 'package',
      targetId: id,
      before: { num: spec.num, amount: Number(spec.amount) },
      after: body,
      at: ctx.now(),
    });
  });
  return catalogue(ctx);
}

export async function editPlan(
  ctx: AppContext,
  actor: Actor,
  levelName: string,
  body: { dayCharacters: number; monthVideos: number; showIdentity: boolean },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const plan = await repo.lockPlan(trx, levelName);
    if (!plan) throw notFound(`No membership plan named ${levelName}`);
    await repo.updatePlan(trx, levelName, {
      day_characters: body.dayCharacters,
      month_videos: body.monthVideos,
      show_identity: body.showIdentity,
    });
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: 'catalog.plan',
      targetType: 'plan',
      targetId: levelName,
      before: { dayCharacters: plan.day_characters, monthVideos: plan.month_videos, showIdentity: plan.show_identity },
      after: body,
      at: ctx.now(),
    });
  });
  return catalogue(ctx);
}

/** Replaces a staff member's tags (staff:admin); their sessions answer 498 next, their sockets hear it now. */
export async function setPermissions(ctx: AppContext, actor: Actor, memberId: number, permissions: Permission[]) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findStaff(trx, memberId);
    if (!before) throw noSuchMember();
    await repo.setPermissions(trx, memberId, permissions);
    await repo.insertAudit(trx, {
      staffId: actor.id,
      action: 'staff.permissions',
      targetType: 'member',
      targetId: memberId,
      before: { staffAccount: before.staffAccount, permissions: before.permissions.sort() },
      after: { staffAccount: true, permissions: [...permissions].sort() },
      at: ctx.now(),
    });
  });
  ctx.hub.publish(memberId, { code: Code.permissionsChanged, message: 'Your permissions have changed', data: null });
  return null;
}
