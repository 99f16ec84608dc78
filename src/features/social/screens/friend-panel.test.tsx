// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/http.ts';
import type { BaseUser } from '#protocol/user.ts';
import { isolate } from '#ui/bidi.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { toastsAtom } from '#ui/toast.tsx';
import { FriendPanel } from './friend-panel.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('#lib/http.ts', async (actual) => ({ ...(await actual<typeof import('#lib/http.ts')>()), http }));

const chen: BaseUser = {
  id: 3,
  username: 'chen_wei',
  avatar: '',
  levelName: '高级会员',
  birthday: '1990-07-23',
  age: 35,
  constellation: 'Leo',
  gender: 1,
  country: 'China',
  sign: '喜欢旅行',
};

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  http.get.mockReset();
  http.post.mockReset();
  http.get.mockImplementation(async (path: string) => {
    if (path.startsWith('/api/system/user/base/')) return chen;
    if (path.startsWith('/api/user/like/user/')) return false;
    if (path === '/api/user/block/list') return [];
    throw new Error(`unexpected GET ${path}`);
  });
});
afterEach(cleanup);

const panel = () => renderWithApp(<FriendPanel userId="3" onChat={() => {}} onBlocked={() => {}} />);

describe('FriendPanel', () => {
  it('reads the like state, posts one silent visit, and shows the constellation through the catalogue', async () => {
    http.post.mockResolvedValue(null);
    panel();
    expect(await screen.findByText('chen_wei')).toBeTruthy();
    expect(screen.getByText('Leo')).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('/api/user/like/user/3', undefined, { silent: true });
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/user/visitor/add', { userId: 3 }, { silent: true }),
    );
    expect(http.post).toHaveBeenCalledTimes(1);
  });

  it('Like turns to Dislike at once and stays when the server agrees', async () => {
    const answer = deferred<boolean>();
    http.post.mockImplementation((path: string) =>
      path === '/api/user/like/add' ? answer.promise : Promise.resolve(null),
    );
    panel();
    const like = await screen.findByRole('button', { name: 'Like' });
    fireEvent.click(like);
    expect(screen.getByRole('button', { name: 'Dislike' }).getAttribute('aria-pressed')).toBe('true');
    expect(http.post).toHaveBeenCalledWith('/api/user/like/add', { userId: 3, like: true }, { silent: true });
    await act(async () => answer.resolve(true));
    expect(screen.getByRole('button', { name: 'Dislike' })).toBeTruthy();
  });

  it('rolls back with an error toast when the server refuses', async () => {
    http.post.mockImplementation((path: string) =>
      path === '/api/user/like/add' ? Promise.reject(new Error('nope')) : Promise.resolve(null),
    );
    const { store } = panel();
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(store.get(toastsAtom)).toEqual([
      expect.objectContaining({ kind: 'error', message: `Could not like ${isolate('chen_wei')}. Please try again.` }),
    ]);
  });

  it('isolates a name and sign holding a right-to-left override (no "exe.png" disguise)', async () => {
    const disguised = 'gnp\u202E.exe';
    http.get.mockImplementation(async (path: string) => {
      if (path.startsWith('/api/system/user/base/')) return { ...chen, username: disguised, sign: `see ${disguised}` };
      if (path.startsWith('/api/user/like/user/')) return false;
      return [];
    });
    http.post.mockResolvedValue(null);
    panel();
    const name = await screen.findByText(disguised);
    expect(name.tagName).toBe('BDI');
    expect(screen.getByText(`see ${disguised}`).getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('region', { name: `About ${isolate(disguised)}` })).toBeTruthy();
  });

  it('says No such member, without a toast or Try again, when the member does not exist', async () => {
    http.get.mockImplementation(async (path: string) => {
      if (path.startsWith('/api/system/user/base/')) throw new ApiError(404, 'No member with id 3');
      return path === '/api/user/block/list' ? [] : false;
    });
    const { store } = panel();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('No such member');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(http.get).toHaveBeenCalledWith('/api/system/user/base/3', undefined, { silent: true });
    expect(store.get(toastsAtom)).toEqual([]);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('says No such member for a path the server refuses as an id (400), with nothing to retry', async () => {
    http.get.mockImplementation(async (path: string) => {
      if (path.startsWith('/api/system/user/base/'))
        throw new ApiError(400, 'userId must be a user id (a whole number from 1 to 2147483647)');
      return path === '/api/user/block/list' ? [] : false;
    });
    renderWithApp(<FriendPanel userId="abc" onChat={() => {}} onBlocked={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('No such member');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('offers Try again when the member could not be read for another reason', async () => {
    let fail = true;
    http.get.mockImplementation(async (path: string) => {
      if (path.startsWith('/api/system/user/base/')) {
        if (fail) throw new ApiError(503, 'busy');
        return chen;
      }
      return path === '/api/user/block/list' ? [] : false;
    });
    panel();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('This member could not be loaded');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('chen_wei')).toBeTruthy();
  });
});
