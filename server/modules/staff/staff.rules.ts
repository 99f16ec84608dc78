/** Pure rules of the staff console: query parsing, suspension ends, who may act on whom, and row → wire mapping. */

import type { z } from 'zod';
import {
  type AuditEntry,
  type LedgerEntry,
  PERMANENT_UNTIL,
  pageOf,
  type StaffMember,
  type StaffPageQuery,
  type StaffReport,
} from '#protocol/staff.ts';
import { currentMember } from '#protocol/user.ts';
import type { UserRow } from '../../db/schema.ts';
import { forbidden, invalid } from '../../domain/errors.ts';
import { parseInput } from '../../domain/parse.ts';
import { type MembershipLike, memberRemainingList } from '../users/users.rules.ts';
import type { ReportRow, Window } from './staff.repository.ts';

export const NO_PERMISSION = 'You do not have permission to do this';
export const NOT_STAFF_ADMIN = 'Suspending a staff account takes the staff:admin permission';
export const NOT_YOURSELF = 'You cannot suspend yourself';
export const NO_SUCH_REPORT = 'No such report';
export const REPORT_RESOLVED = 'This report is already resolved';

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return parseInput(schema, typeof query === 'object' && query !== null ? query : {});
}

export function toWindow(q: { page?: number | undefined; size?: number | undefined }): Window & StaffPageQuery {
  const { page, size } = pageOf(q);
  return { page, size, offset: (page - 1) * size, limit: size };
}

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** The end of a suspension of `days` (0: permanent) from `now`. */
export function suspensionEnd(days: number, now: Date): Date {
  return days === 0 ? new Date(PERMANENT_UNTIL) : new Date(now.getTime() + days * 86_400_000);
}

/** Nobody suspends themselves; only staff:admin suspends another staff account. */
export function checkMaySuspend(
  actor: { id: number; permissions: readonly string[] },
  target: { id: number; staff_account: boolean },
): void {
  if (actor.id === target.id) throw invalid(NOT_YOURSELF);
  if (target.staff_account && !actor.permissions.includes('staff:admin')) throw forbidden(NOT_STAFF_ADMIN);
}

export function runningSuspension(until: Date | null, now: Date): string | null {
  return until && until.getTime() > now.getTime() ? iso(until) : null;
}

export function toStaffReport(r: ReportRow): StaffReport {
  return {
    id: Number(r.id),
    reporter: { id: r.reporter_id, username: r.reporter_name },
    reported: { id: r.reported_id, username: r.reported_name },
    type: r.type,
    count: Number(r.open_count),
    createdAt: iso(r.created_at),
    status: r.status,
    action: r.action,
    note: r.note,
    resolvedBy:
      r.resolver_id === null || r.resolver_name === null ? null : { id: r.resolver_id, username: r.resolver_name },
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
  };
}

const cents = (v: string | number) => Math.round(Number(v) * 100);

export function toStaffMember(
  row: UserRow & { open_count: string | number },
  memberships: readonly MembershipLike[],
  now: Date,
): StaffMember {
  const member = currentMember(memberRemainingList(memberships, now));
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    staffAccount: row.staff_account,
    suspendedUntil: runningSuspension(row.suspended_until, now),
    characterCount: row.buy_character_count + row.give_character_count + row.register_character_count,
    goldCount: (cents(row.buy_gold) + cents(row.give_gold)) / 100,
    levelName: member.levelName,
    remainingDay: member.remainingDay,
    openReports: Number(row.open_count),
    createdAt: iso(row.created_at),
  };
}

export function toLedgerEntry(r: {
  id: string;
  kind: string;
  delta: string;
  balance_after: string;
  reason: string;
  created_at: Date | string;
}): LedgerEntry {
  return {
    id: Number(r.id),
    kind: r.kind,
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    reason: r.reason,
    createdAt: iso(r.created_at),
  };
}

export function toAuditEntry(r: {
  id: string;
  staff_id: number;
  username: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  note: string;
  created_at: Date | string;
}): AuditEntry {
  return {
    id: Number(r.id),
    staff: { id: r.staff_id, username: r.username ?? '' },
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before ?? null,
    after: r.after ?? null,
    note: r.note,
    createdAt: iso(r.created_at),
  };
}

/** Gold in cents as the numeric text the database keeps. */
export function goldText(centsValue: number): string {
  return (centsValue / 100).toFixed(2);
}
export { cents };
