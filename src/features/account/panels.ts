/**
 * Account's side panels (my space with its about-me and contact dialogs, my account): a public entry of their own,
 * loaded lazily by the layout on the routes that show them, so /chat's first load goes without them. Their texts are
 * in the screens catalog: `loadTexts` brings it, so the layout shows a panel only once it can say something.
 */
export { ensureScreenCatalog as loadTexts } from '#lib/screen-catalog.ts';
export { AccountPanel } from './screens/account-panel.tsx';
export { UserInfoPanel } from './screens/user-info-panel.tsx';
