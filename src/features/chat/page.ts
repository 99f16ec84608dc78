/** The /chat page, imported only by its lazy route so the list, pane and styles stay out of the first load. */
export { ChatPage } from './components/chat-page.tsx';
