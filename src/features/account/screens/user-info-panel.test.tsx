// @vitest-environment happy-dom

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { userInfoAtom } from '#features/auth/index.ts';
import type { UserInfo } from '#protocol/user.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { UserInfoPanel } from './user-info-panel.tsx';

afterEach(cleanup);

const me = {
  id: 1,
  username: 'anna',
  avatar: '',
  sign: '',
  buyCharacterCount: 300,
  giveCharacterCount: 20,
  registerCharacterCount: 1,
  dayCharacterCount: 1458,
  buyGoldCount: 2,
  giveGoldCount: 0.5,
  memberRemainingList: [],
} as unknown as UserInfo;

/** The value shown beside a term of the panel's balances. */
function shownFor(term: string): string | null {
  const dt = screen.getByText(term).closest('dt');
  return dt?.nextElementSibling?.textContent ?? null;
}

describe('UserInfoPanel balances', () => {
  it('shows characterCount (buy + give + register) and today’s free characters apart, with the UTC note', async () => {
    const store = createStore();
    store.set(userInfoAtom, me);
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <UserInfoPanel /> }),
      history: createMemoryHistory({ initialEntries: ['/chat'] }),
    });
    renderWithApp(<RouterProvider router={router} />, store);
    await act(() => router.load());
    // Its texts come with the screens catalog.
    await screen.findByText('Characters');
    expect(shownFor('Characters')).toBe('321');
    expect(shownFor('Free today')).toBe('1458');
    expect(shownFor('Gold coins')).toBe('2.5');
    expect(screen.getByText('Free characters renew each day at 00:00 UTC and do not carry over.')).toBeTruthy();
  });
});
