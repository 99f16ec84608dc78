/**
 * Account's side panels (my space with its about-me and contact dialogs, my account): a public entry of their own,
 * loaded lazily by the layout on the routes that show them, so /chat's first load goes without them.
 */
export { AccountPanel } from './components/account-panel.tsx';
export { UserInfoPanel } from './components/user-info-panel.tsx';
