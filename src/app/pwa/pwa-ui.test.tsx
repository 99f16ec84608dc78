// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { showAppBadge } from './app-badge.ts';
import { listenForInstallPrompt } from './install.ts';
import { InstallButton } from './install-button.tsx';
import { installPromptAtom, updateOfferAtom } from './pwa.atoms.ts';
import { PwaLayer } from './pwa-layer.tsx';

afterEach(cleanup);

/** What Chromium dispatches when the app is installable. */
function fakeInstallEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('Install app', () => {
  it('appears only after beforeinstallprompt, prompts once on click, and hides after appinstalled', async () => {
    const store = createStore();
    const target = new EventTarget();
    const stop = listenForInstallPrompt(store, target);
    renderWithApp(<InstallButton iosNeedsInstall={false} />, store);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const { event, prompt } = fakeInstallEvent();
    act(() => {
      target.dispatchEvent(event);
    });
    // Default prevented: the browser's own mini-infobar stays away; our entry shows instead.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());

    act(() => {
      target.dispatchEvent(fakeInstallEvent().event);
    });
    expect(screen.getByRole('button', { name: 'Install app' })).toBeTruthy();
    act(() => {
      target.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(store.get(installPromptAtom)).toBeNull();
    stop();
  });

  it('on iOS Safari opens the Add to Home Screen steps instead', async () => {
    const { store } = renderWithApp(
      <>
        <InstallButton iosNeedsInstall />
        <PwaLayer />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(store.get(installHelpOpenAtom)).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Add Amity to your Home Screen' });
    expect(dialog.textContent).toContain("Tap the Share button in Safari's toolbar.");
    expect(dialog.textContent).toContain('Add to Home Screen');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(installHelpOpenAtom)).toBe(false);
  });
});

describe('New version available', () => {
  it('shows Reload and Later while an update waits; Reload applies it, Later hides it', async () => {
    const apply = vi.fn();
    const { store } = renderWithApp(<PwaLayer />);
    expect(screen.queryByRole('region', { name: 'New version available' })).toBeNull();

    act(() => store.set(updateOfferAtom, { apply }));
    // The banner's code loads with the first offer.
    const banner = await screen.findByRole('region', { name: 'New version available' });
    expect(banner.parentElement?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'New version available' })).toBeNull();
    expect(store.get(updateOfferAtom)).toBeNull();
  });
});

describe('app badge', () => {
  it('sets the count, clears at zero and does nothing without the API', async () => {
    const nav = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    showAppBadge(3, nav);
    showAppBadge(0, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(3);
    expect(nav.clearAppBadge).toHaveBeenCalledOnce();
    const rejecting = {
      setAppBadge: vi.fn(async () => Promise.reject(new Error('not allowed'))),
      clearAppBadge: vi.fn(),
    };
    expect(() => showAppBadge(1, rejecting)).not.toThrow();
    expect(() => showAppBadge(1, {})).not.toThrow();
  });
});
