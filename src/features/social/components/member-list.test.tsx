// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseUser } from '#protocol/user.ts';
import { isolate } from '#ui/bidi.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { fetchLikedMe } from '../api.ts';
import { MemberList } from './member-list.tsx';

const get = vi.hoisted(() => vi.fn());
vi.mock('#lib/http.ts', () => ({ http: { get, post: vi.fn() } }));
// Links need a router; the list only needs them to be anchors with the right address.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, params, search, children, ...rest }: Record<string, unknown> & { children: ReactNode }) => {
    const path = String(to).replace('$userId', String((params as { userId?: string } | undefined)?.userId));
    const query = search ? `?${new URLSearchParams(search as Record<string, string>)}` : '';
    return (
      <a href={`${path}${query}`} {...(rest as object)}>
        {children}
      </a>
    );
  },
}));

const member = (id: number, username: string, extra: Partial<BaseUser> = {}): BaseUser => ({
  id,
  username,
  avatar: '',
  levelName: '',
  birthday: '1990-08-01',
  age: 35,
  constellation: 'Leo',
  gender: 2,
  country: 'Spain',
  sign: 'Hola',
  ...extra,
});

function renderList(page = 1, onPageChange = vi.fn()) {
  return renderWithApp(
    <MemberList
      routeName="like-me"
      label="Members who liked you"
      page={page}
      onPageChange={onPageChange}
      load={fetchLikedMe}
      empty={{ title: 'No one has liked you yet' }}
    />,
  );
}

beforeEach(() => {
  localStorage.clear();
  get.mockReset();
});
afterEach(cleanup);

describe('MemberList (Who liked me)', () => {
  it('shows a skeleton, then member cards with level, age, sign, country, page link and Chat', async () => {
    get.mockResolvedValue({ list: [member(3, 'chen_wei', { levelName: 'VIP' }), member(4, 'dasha')], total: 12 });
    renderList();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Members who liked you' });
    expect(get).toHaveBeenCalledWith('/api/user/like/me', { page: 1, size: 10 });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('chen_wei')).toBeTruthy();
    expect(first.getByText('VIP')).toBeTruthy();
    expect(first.getByText('35 years · Leo · Spain')).toBeTruthy();
    expect(first.getByRole('link', { name: `Open ${isolate('chen_wei')}'s page` }).getAttribute('href')).toBe(
      '/homepage/3',
    );
    expect(first.getByRole('link', { name: `Chat with ${isolate('chen_wei')}` }).getAttribute('href')).toBe(
      '/chat?userId=3',
    );
    expect(screen.getByText('Total 12')).toBeTruthy();
  });

  it('isolates member names and signs: a right-to-left override stays inside its own bdi or dir=auto element', async () => {
    const disguised = 'gnp\u202E.exe';
    get.mockResolvedValue({ list: [member(5, disguised, { sign: `\u202Eolleh` })], total: 1 });
    renderList();
    const card = within(await screen.findByRole('listitem'));
    expect(card.getByText(disguised).tagName).toBe('BDI');
    expect(card.getByText('\u202Eolleh').getAttribute('dir')).toBe('auto');
    expect(card.getByRole('link', { name: `Chat with \u2068${disguised}\u2069` })).toBeTruthy();
  });

  it('a new page size is remembered and loads page 1 with it', async () => {
    get.mockResolvedValue({ list: [member(3, 'chen_wei')], total: 30 });
    const onPageChange = vi.fn();
    renderList(2, onPageChange);
    await screen.findByRole('list');
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), { target: { value: '20' } });
    expect(onPageChange).toHaveBeenCalledWith(1);
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/user/like/me', { page: 2, size: 20 }));
    expect(localStorage.getItem('pageSize:like-me')).toBe('20');
  });

  it('shows the empty state and no pager when the total is 0', async () => {
    get.mockResolvedValue({ list: [], total: 0 });
    renderList();
    expect(await screen.findByText('No one has liked you yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows the error with Try again, which loads again', async () => {
    get.mockRejectedValueOnce(new Error('Network error'));
    get.mockResolvedValueOnce({ list: [member(5, 'elena')], total: 1 });
    renderList();
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('elena')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('past the last page (members left), goes to the last page', async () => {
    get.mockResolvedValue({ list: [], total: 12 });
    const onPageChange = vi.fn();
    renderList(5, onPageChange);
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(2));
  });
});
