// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { UserMenu } from './user-menu.tsx';

afterEach(cleanup);

/** Keyboard path: the menu's code loads on focus, the Enter is replayed once it is in and lands on the items. */
async function openMenu() {
  const trigger = screen.getByRole('button', { name: 'Account menu' });
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  await screen.findByRole('menu');
}

describe('UserMenu', () => {
  // First: later tests find the menu's code already loaded (the module keeps it), so no stand-in.
  it('a pointer press on the stand-in opens the menu once its code is in', async () => {
    renderWithApp(<UserMenu username="alice" onNavigate={() => {}} onSignOut={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    expect(await screen.findByRole('menuitem', { name: 'My profile' })).toBeTruthy();
    // The open (modal) menu hides the rest of the page from the accessibility tree, the trigger included.
    const real = screen.getByRole('button', { name: 'Account menu', hidden: true });
    expect(real.getAttribute('aria-expanded')).toBe('true');
  });

  it('offers profile, change password and sign out', async () => {
    const onNavigate = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={onNavigate} onSignOut={() => {}} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(onNavigate).toHaveBeenCalledWith('/change/password');
  });

  it('asks before signing out; Cancel keeps the session', async () => {
    const onSignOut = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={() => {}} onSignOut={onSignOut} />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog).toBeTruthy();
    expect(onSignOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSignOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('signs out after the confirm button', async () => {
    const onSignOut = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={() => {}} onSignOut={onSignOut} />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('shows the username isolated, so a right-to-left override cannot reorder the header', () => {
    renderWithApp(<UserMenu username={'gnp\u202E.exe'} onNavigate={() => {}} onSignOut={() => {}} />);
    expect(screen.getByText('gnp\u202E.exe').tagName).toBe('BDI');
  });
});
