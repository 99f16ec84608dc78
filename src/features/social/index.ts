export { fullTime, relativeTime } from '#lib/relative-time.ts';
/** The member panel's texts (screens catalog), loaded before the layout shows it. */
export { ensureScreenCatalog as loadTexts } from '#lib/screen-catalog.ts';
export { fetchLikedMe, fetchMeet, fetchMyLikes, fetchVisitors, searchMembers } from './api.ts';
export { MemberCard } from './components/member-card.tsx';
export { MemberList } from './components/member-list.tsx';
export { type PageSearch, parsePageSearch } from './page-search.ts';
export { FriendPanel } from './screens/friend-panel.tsx';
export { REPORT_REASONS, ReportDialog } from './screens/report-dialog.tsx';
