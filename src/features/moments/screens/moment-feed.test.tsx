// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/http.ts';
import type { Moment, MomentPage } from '#protocol/moment.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { useMomentFeed } from '../use-moment-feed.ts';
import { MomentComposer } from './moment-composer.tsx';
import { MomentFeed } from './moment-feed.tsx';

const api = vi.hoisted(() => ({ postMoment: vi.fn(), deleteMoment: vi.fn() }));
vi.mock('../moments.api.ts', () => api);
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, params, children, ...rest }: Record<string, unknown> & { children: ReactNode }) => (
    <a href={String(to).replace('$userId', String((params as { userId: string }).userId))} {...(rest as object)}>
      {children}
    </a>
  ),
}));

afterEach(cleanup);
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

const user = (id: number, username: string) =>
  ({
    id,
    username,
    avatar: '',
    levelName: '',
    birthday: '',
    age: 30,
    constellation: '',
    gender: 2,
    country: '',
    sign: '',
  }) as Moment['user'];

function moment(id: number, by = user(2, 'lina'), photos = 0): Moment {
  return {
    id,
    user: by,
    text: `moment ${id}`,
    images: [],
    createdAt: new Date().toISOString(),
    photos: Array.from({ length: photos }, (_, i) => ({
      url: `/uploads/${id}-${i}.jpg`,
      alt: i === 0 ? 'A red kite' : '',
      width: 800,
      height: 600,
      thumbhash: '',
      sources: [
        { width: 320, height: 240, webp: `/uploads/${id}-${i}-w320.webp`, jpeg: `/uploads/${id}-${i}-w320.jpg` },
      ],
    })),
  };
}

function Feed({ load }: { load: (cursor?: string) => Promise<MomentPage> }) {
  const feed = useMomentFeed(load, 'test');
  return (
    <>
      <MomentComposer onPosted={feed.add} />
      <MomentFeed feed={feed} myId={1} label="Moments" empty={{ title: 'No moments yet' }} />
      <button type="button" onClick={() => void feed.checkNewer()}>
        look
      </button>
    </>
  );
}

describe('MomentFeed', () => {
  it('shows skeletons, then the moments newest first with photos, lazy below the first two', async () => {
    let answer: (page: MomentPage) => void = () => {};
    const load = vi.fn(() => new Promise<MomentPage>((resolve) => (answer = resolve)));
    renderWithApp(<Feed load={load} />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    await act(async () => answer({ list: [moment(3, user(2, 'lina'), 2), moment(2), moment(1)], nextCursor: null }));
    const items = within(screen.getByRole('list', { name: 'Moments' })).getAllByRole('article');
    expect(items.map((a) => within(a).getByText(/^moment/).textContent)).toEqual(['moment 3', 'moment 2', 'moment 1']);
    const photo = screen.getByRole('button', { name: 'Open photo 1 of 2: A red kite' });
    const img = photo.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('srcset')).toBe('/uploads/3-0-w320.jpg 320w');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(screen.getByText('You have seen every moment.')).toBeTruthy();
  });

  it('says so when empty, and offers Try again on an error', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'The service is busy, try again in a moment'))
      .mockResolvedValue({ list: [], nextCursor: null });
    renderWithApp(<Feed load={load} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The moments could not be loaded');
    expect(alert.textContent).toContain('The service is busy, try again in a moment');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'No moments yet' });
  });

  it('words an unexpected server error (500, whose message is just "error") for a member', async () => {
    const load = vi.fn().mockRejectedValue(new ApiError(500, 'error'));
    renderWithApp(<Feed load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please try again in a moment.')).toBeTruthy();
    expect(alert.textContent).not.toContain('error');
  });

  it('says No such member, with nothing to try again, when the homepage names nobody (404)', async () => {
    const load = vi.fn().mockRejectedValue(new ApiError(404, 'No such member'));
    renderWithApp(<Feed load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('No such member');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads older pages with the cursor', async () => {
    const load = vi.fn(async (cursor?: string) =>
      cursor === '5' ? { list: [moment(4)], nextCursor: null } : { list: [moment(6), moment(5)], nextCursor: '5' },
    );
    renderWithApp(<Feed load={load} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show older moments' }));
    await screen.findByText('moment 4');
    expect(load).toHaveBeenLastCalledWith('5');
  });

  it('keeps newer moments behind the New moments pill until asked', async () => {
    const load = vi.fn().mockResolvedValueOnce({ list: [moment(5)], nextCursor: null });
    renderWithApp(<Feed load={load} />);
    await screen.findByText('moment 5');
    load.mockResolvedValueOnce({ list: [moment(7), moment(6), moment(5)], nextCursor: null });
    fireEvent.click(screen.getByRole('button', { name: 'look' }));
    const pill = await screen.findByRole('button', { name: 'New moments' });
    expect(screen.queryByText('moment 7')).toBeNull();
    fireEvent.click(pill);
    const items = within(screen.getByRole('list', { name: 'Moments' })).getAllByRole('article');
    expect(items).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'New moments' })).toBeNull();
  });

  it('deletes one’s own moment after the question, and offers Delete on one’s own only', async () => {
    const load = vi.fn().mockResolvedValue({ list: [moment(9, user(1, 'me')), moment(8)], nextCursor: null });
    api.deleteMoment.mockResolvedValue(null);
    renderWithApp(<Feed load={load} />);
    await screen.findByText('moment 9');
    expect(screen.getAllByRole('button', { name: 'Delete this moment' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete this moment' }));
    const question = await screen.findByRole('alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('moment 9')).toBeNull());
    expect(api.deleteMoment).toHaveBeenCalledWith(9);
  });
});

describe('MomentComposer', () => {
  it('posts the text, puts the moment on top and empties the box; a refusal keeps the draft', async () => {
    const load = vi.fn().mockResolvedValue({ list: [moment(1)], nextCursor: null });
    renderWithApp(<Feed load={load} />);
    await screen.findByText('moment 1');
    const box = screen.getByLabelText('What would you like to share?') as HTMLTextAreaElement;
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(post.disabled).toBe(true);

    api.postMoment.mockRejectedValueOnce(new ApiError(400, 'text must be at most 1000 characters'));
    fireEvent.change(box, { target: { value: 'Hello square' } });
    fireEvent.click(post);
    expect((await screen.findByRole('alert')).textContent).toBe('text must be at most 1000 characters');
    expect(box.value).toBe('Hello square');

    api.postMoment.mockResolvedValueOnce({ ...moment(2, user(1, 'me')), text: 'Hello square' });
    fireEvent.click(post);
    await waitFor(() => expect(box.value).toBe(''));
    expect(api.postMoment).toHaveBeenLastCalledWith({ text: 'Hello square', images: [], alts: [] });
    const first = within(screen.getByRole('list', { name: 'Moments' })).getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByText('Hello square')).toBeTruthy();
  });

  it('shows the counter near 1,000 characters', () => {
    renderWithApp(<MomentComposer onPosted={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('What would you like to share?'), { target: { value: 'x'.repeat(950) } });
    expect(screen.getByText('950 of 1000 characters')).toBeTruthy();
  });
});
