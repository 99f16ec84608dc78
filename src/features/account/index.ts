export { AccountPanel } from './components/account-panel.tsx';
export { LevelBadge } from './components/level-badge.tsx';
export { UserInfoPanel } from './components/user-info-panel.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { constellationLabel } from './constellation.ts';
