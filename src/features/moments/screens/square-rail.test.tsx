// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoAtom } from '#features/auth/index.ts';
import type { BaseUser, UserInfo } from '#protocol/user.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { SquareRail } from './square-rail.tsx';

const social = vi.hoisted(() => ({ fetchMeet: vi.fn() }));
vi.mock('#features/social/index.ts', () => social);
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, params, children, ...rest }: Record<string, unknown> & { children: ReactNode }) => (
    <a href={String(to).replace('$userId', String((params as { userId: string } | undefined)?.userId))} {...rest}>
      {children}
    </a>
  ),
}));

const member = (id: number, username: string, country = 'Spain'): BaseUser => ({
  id,
  username,
  avatar: '',
  levelName: '',
  birthday: '1990-01-01',
  age: 36,
  constellation: 'Capricorn',
  gender: 2,
  country,
  sign: '',
});

function signedInAs(id: number) {
  const store = createStore();
  store.set(userInfoAtom, { ...member(id, 'me'), email: 'me@example.com' } as unknown as UserInfo);
  return store;
}

beforeEach(() => social.fetchMeet.mockReset());

afterEach(cleanup);

describe('SquareRail (the square on a wide screen)', () => {
  it('lists up to five members to meet, not me, each a link to their homepage, and the way to everyone', async () => {
    const list = [member(7, 'me_myself'), ...Array.from({ length: 6 }, (_, i) => member(10 + i, `member_${i}`))];
    social.fetchMeet.mockResolvedValue({ list, total: 7 });
    renderWithApp(<SquareRail />, signedInAs(7));
    const region = await screen.findByRole('region', { name: 'Members to meet' });
    // Named as a screen reader reads them (the letter avatar is hidden from it), in the server's order.
    const names = [0, 1, 2, 3, 4].map((i) => `member_${i} 36 years · Spain`);
    for (const [i, name] of names.entries()) {
      expect(within(region).getByRole('link', { name }).getAttribute('href')).toBe(`/homepage/${10 + i}`);
    }
    expect(
      within(region)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/homepage/10', '/homepage/11', '/homepage/12', '/homepage/13', '/homepage/14', '/meet']);
    expect(within(region).queryByText('me_myself')).toBeNull();
    expect(within(region).getByRole('link', { name: 'See everyone to meet' })).toBeTruthy();
    // Its own error state shows instead of a toast.
    expect(social.fetchMeet).toHaveBeenCalledWith({ page: 1, size: 10 }, { silent: true });
  });

  it('shows nothing when there is nobody to meet but me', async () => {
    social.fetchMeet.mockResolvedValue({ list: [member(7, 'me_myself')], total: 1 });
    const { container } = renderWithApp(<SquareRail />, signedInAs(7));
    await vi.waitFor(() => expect(social.fetchMeet).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('says so when the members could not be loaded, and Try again loads them', async () => {
    social.fetchMeet
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ list: [member(3, 'ana')], total: 1 });
    renderWithApp(<SquareRail />, signedInAs(7));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Members to meet could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('link', { name: 'ana 36 years · Spain' })).getAttribute('href')).toBe(
      '/homepage/3',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
