// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyEnv } from '#lib/notify.ts';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { NotificationButton } from './notification-button.tsx';

afterEach(cleanup);

function env(Notification?: NotifyEnv['Notification']): NotifyEnv {
  return { Notification, visibility: () => 'visible', focus: () => {}, setTimeout: () => 0 };
}

describe('NotificationButton on iOS', () => {
  it('shows the Add to Home Screen steps instead of asking (Safari tabs have no Notification at all)', () => {
    const { store } = renderWithApp(<NotificationButton env={env()} iosNeedsInstall />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(store.get(installHelpOpenAtom)).toBe(true);
  });

  it('opens the device’s push settings everywhere else, asking nothing yet', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    const Notification = Object.assign(() => {}, { permission: 'default', requestPermission });
    const { store } = renderWithApp(
      <NotificationButton env={env(Notification as unknown as NotifyEnv['Notification'])} iosNeedsInstall={false} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(store.get(installHelpOpenAtom)).toBe(false);
  });
});
