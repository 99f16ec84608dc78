/** Chat's public surface for app/ and other features. The page itself is `./page.ts`, kept out so it stays lazy. */
export { fetchBlockList } from './api.ts';
export {
  activePeerAtom,
  chatServiceAtom,
  conversationsAtom,
  loadUnreadAtom,
  unreadCountAtom,
} from './chat.atoms.ts';
export { type ChatService, type ChatTransport, createChatService, messageSummary } from './chat-service.ts';
