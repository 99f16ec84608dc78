/**
 * The staff console's wire contract (docs/api.md, Staff): permission tags, limits and the rows the console's tables
 * show. The request schemas (zod) are in staff-schemas.ts, so the client's console loads no zod.
 */
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/** Every permission tag a staff account may hold (docs/product.md, Memberships and roles). */
export const PERMISSIONS = [
  'report:read',
  'report:resolve',
  'member:read',
  'member:suspend',
  'balance:grant',
  'catalog:edit',
  'audit:read',
  'staff:admin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The export dialog loads this many rows a request (docs/product.md, Constants); staff lists accept it as a size. */
export const EXPORT_PAGE_SIZE = 500;
/** Suspension lengths in days; 0 is permanent. */
export const SUSPEND_DAYS = [1, 7, 0] as const;
/** A permanent suspension ends here: one date comparison covers every case. */
export const PERMANENT_UNTIL = '9999-12-31T00:00:00.000Z';
/** The most one grant may add (configured here, checked on both sides). */
export const GRANT_MAX = { character: 1_000_000, gold: 10_000 } as const;
/** Gold has cents; characters are whole. */
export const GRANT_DECIMALS = { character: 0, gold: 2 } as const;
/** Catalogue limits: a price in US dollars, an amount of characters, gold or months. */
export const CATALOGUE_MAX = { amount: 10_000, num: 10_000_000, dayCharacters: 1_000_000, monthVideos: 1_000 } as const;
export const NOTE_MAX = 500;

/** Why a grant amount is refused, or undefined: above 0, at most the maximum, at most 2 decimals (gold) or whole. */
export function grantAmountProblem(kind: 'character' | 'gold', amount: number): string | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return 'amount must be above 0';
  if (amount > GRANT_MAX[kind]) return `amount must be at most ${GRANT_MAX[kind]}`;
  const decimals = GRANT_DECIMALS[kind];
  if (Math.round(amount * 10 ** decimals) / 10 ** decimals !== amount) {
    return decimals === 0 ? 'amount must be a whole number' : `amount must have at most ${decimals} decimals`;
  }
  return undefined;
}

export interface StaffPageQuery {
  page: number;
  size: number;
}
export const pageOf = (q: { page?: number | undefined; size?: number | undefined }): StaffPageQuery => ({
  page: q.page ?? 1,
  size: q.size ?? DEFAULT_PAGE_SIZE,
});

export interface MemberRef {
  id: number;
  username: string;
}

export interface StaffReport {
  id: number;
  reporter: MemberRef;
  reported: MemberRef;
  type: number;
  /** Open reports on the reported member right now. */
  count: number;
  createdAt: string;
  status: 'open' | 'resolved';
  action: string | null;
  note: string;
  resolvedBy: MemberRef | null;
  resolvedAt: string | null;
}

export interface StaffMember {
  id: number;
  username: string;
  email: string;
  staffAccount: boolean;
  /** ISO 8601 end of a running suspension; PERMANENT_UNTIL for a permanent one; null when not suspended. */
  suspendedUntil: string | null;
  characterCount: number;
  goldCount: number;
  levelName: string;
  remainingDay: number;
  openReports: number;
  createdAt: string;
}

export interface LedgerEntry {
  id: number;
  kind: string;
  delta: number;
  balanceAfter: number;
  reason: string;
  createdAt: string;
}

export interface StaffMemberDetail {
  member: StaffMember;
  reports: StaffReport[];
  ledger: LedgerEntry[];
}

export interface MemberActivity {
  messages: { id: number; toId: number; type: number; msg: string; createdAt: string }[];
  moments: { id: number; text: string; images: string[]; createdAt: string }[];
}

export interface AuditEntry {
  id: number;
  staff: MemberRef;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string;
  createdAt: string;
}

export interface CatalogueSpecRow {
  id: number;
  type: 'character' | 'gold' | 'member';
  num: number;
  levelName: string | null;
  amount: number;
}

export interface CataloguePlanRow {
  levelName: string;
  levelSort: number;
  dayCharacters: number;
  monthVideos: number;
  showIdentity: boolean;
}

export interface StaffCatalogue {
  specs: CatalogueSpecRow[];
  plans: CataloguePlanRow[];
}
