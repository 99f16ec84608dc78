/** Chat's public surface for app/ and other features. The page itself is `./page.ts`, kept out so it stays lazy. */
export { fetchBlockList } from './chat.api.ts';
export {
  chatServiceAtom,
  conversationsAtom,
  conversationsStateAtom,
  loadUnreadAtom,
  unreadCountAtom,
} from './chat.atoms.ts';
export { type ChatService, createChatService } from './chat.service.ts';
