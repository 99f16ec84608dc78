/**
 * Account's public entry for the signed-in shell and other features: the header's account menu, the level badge, the
 * identity mark (loaded lazily from the shop) and the constellation names. The side panels are `./panels.ts`, loaded
 * only on the routes that show them.
 */
export { IdentityMark, LevelBadge } from './components/level-badge.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { constellationLabel } from './constellation.ts';
