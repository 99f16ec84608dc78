export { FriendPanel } from './components/friend-panel.tsx';
export { REPORT_REASONS, ReportDialog } from './components/report-dialog.tsx';
