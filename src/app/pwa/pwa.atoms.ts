/** PWA state the UI reads: a waiting new version and the browser's stashed install prompt. */
import { atom } from 'jotai';

/** A new service worker is installed and waiting; `apply` activates it and reloads once it controls the page. */
export interface UpdateOffer {
  apply: () => void;
}
export const updateOfferAtom = atom<UpdateOffer | null>(null);

/** Chromium's install event (not in the DOM typings): prompt() may be called once, from a user gesture. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

/** Shows the browser's install prompt; the event is spent either way, so the 'Install app' entry hides. */
export const promptInstallAtom = atom(null, async (get, set): Promise<'accepted' | 'dismissed' | 'unavailable'> => {
  const event = get(installPromptAtom);
  if (!event) return 'unavailable';
  set(installPromptAtom, null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
});
