export { loadUnreadAtom, unreadCountAtom } from './chat.atoms.ts';
