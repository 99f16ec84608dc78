// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { UserMenu } from './user-menu.tsx';

afterEach(cleanup);

function openMenu() {
  const trigger = screen.getByRole('button', { name: 'Account menu' });
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
}

describe('UserMenu', () => {
  it('offers profile, change password and sign out', () => {
    const onNavigate = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={onNavigate} onSignOut={() => {}} />);
    openMenu();
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(onNavigate).toHaveBeenCalledWith('/change/password');
  });

  it('asks before signing out; Cancel keeps the session', () => {
    const onSignOut = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={() => {}} onSignOut={onSignOut} />);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog).toBeTruthy();
    expect(onSignOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSignOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('signs out after the confirm button', () => {
    const onSignOut = vi.fn();
    renderWithApp(<UserMenu username="alice" onNavigate={() => {}} onSignOut={onSignOut} />);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
