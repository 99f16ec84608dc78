/**
 * The shop's public entry for other features: the friend panel's gift dialogs and the identity mark. Import it only
 * lazily (React.lazy or import()): the dialogs, the pay dialog and radix's tabs must stay out of every first load.
 */
export { GiftDialog, type GiftKind } from './screens/gift-dialog.tsx';
export { IdentityMark } from './screens/identity-mark.tsx';
