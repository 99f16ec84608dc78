/**
 * Keeps Chromium's `beforeinstallprompt` for our own 'Install app' entry (instead of its mini-infobar) and forgets it
 * after `appinstalled`. Attached at start-up, not lazily: the event can fire before the app has painted.
 */
import type { AppStore } from '../store.ts';
import { type BeforeInstallPromptEvent, installPromptAtom } from './pwa.atoms.ts';

export function listenForInstallPrompt(store: AppStore, target: EventTarget = globalThis): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => store.set(installPromptAtom, null);
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}
