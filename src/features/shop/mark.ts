/**
 * The shop's lazy entry for the identity mark alone (account's IdentityMark imports it with import()): the mark, the
 * catalogue it reads and the shop's styles, without the gift dialogs, radix's tabs and the pay dialog that
 * index.ts brings. Chat lists and member lists load it with their first member who has a level.
 */
export { IdentityMark } from './screens/identity-mark.tsx';
