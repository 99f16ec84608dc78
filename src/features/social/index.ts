export { fullTime, relativeTime } from '#lib/relative-time.ts';
export { fetchLikedMe, fetchMeet, fetchMyLikes, fetchVisitors, searchMembers } from './api.ts';
export { FriendPanel } from './components/friend-panel.tsx';
export { MemberCard } from './components/member-card.tsx';
export { MemberList } from './components/member-list.tsx';
export { REPORT_REASONS, ReportDialog } from './components/report-dialog.tsx';
export { type PageSearch, parsePageSearch } from './page-search.ts';
