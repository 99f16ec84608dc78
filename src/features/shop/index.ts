/**
 * The shop's public entry for other features: the friend panel's gift dialogs. Import it only lazily (React.lazy or
 * import()): the dialogs, the pay dialog and radix's tabs must stay out of every first load. The identity mark has an
 * entry of its own, mark.ts, so that a list showing it loads none of these.
 */
export { GiftDialog, type GiftKind } from './screens/gift-dialog.tsx';
