/** The console's calls (docs/api.md, Staff). */
import { http, type Query } from '#lib/http.ts';
import type { PageOf } from '#protocol/social.ts';
import type {
  AuditEntry,
  MemberActivity,
  StaffCatalogue,
  StaffMember,
  StaffMemberDetail,
  StaffReport,
} from '#protocol/staff.ts';
import type { UserInfo } from '#protocol/user.ts';

export const fetchReports = (q: Query) => http.get<PageOf<StaffReport>>('/api/staff/reports', q);
export const resolveReport = (id: number, body: { action: string; days?: number; note?: string }) =>
  http.post<StaffReport>(`/api/staff/reports/${id}/resolve`, body);
export const fetchActivity = (memberId: number) => http.get<MemberActivity>(`/api/staff/members/${memberId}/activity`);

export const fetchMembers = (q: Query) => http.get<PageOf<StaffMember>>('/api/staff/members', q);
export const fetchMember = (id: number) => http.get<StaffMemberDetail>(`/api/staff/members/${id}`);
export const suspendMember = (id: number, days: number, note: string) =>
  http.post<null>(`/api/staff/members/${id}/suspend`, { days, note });
export const restoreMember = (id: number) => http.post<null>(`/api/staff/members/${id}/restore`);
export const grantMember = (id: number, kind: 'character' | 'gold', amount: number, reason: string) =>
  http.post<UserInfo>(`/api/staff/members/${id}/grant`, { kind, amount, reason });

export const fetchAudit = (q: Query) => http.get<PageOf<AuditEntry>>('/api/staff/audit', q);

export const fetchCatalogue = () => http.get<StaffCatalogue>('/api/staff/catalogue');
export const editPackage = (id: number, num: number, amount: number) =>
  http.put<StaffCatalogue>(`/api/staff/catalogue/packages/${id}`, { num, amount });
export const editPlan = (
  levelName: string,
  body: { dayCharacters: number; monthVideos: number; showIdentity: boolean },
) => http.put<StaffCatalogue>(`/api/staff/catalogue/plans/${encodeURIComponent(levelName)}`, body);
