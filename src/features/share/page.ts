/**
 * The share target's picker (/share): photos shared from the phone's share sheet, kept by the service worker
 * (sw/share.ts), go to a conversation or a new moment. Imported only by the lazy component of /share; its texts are
 * in the screens catalog.
 */
export { SharePage } from './screens/share-page.tsx';
