// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoAtom } from '#features/auth/index.ts';
import type { UserInfo } from '#protocol/user.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { AvatarCard } from './avatar-card.tsx';

const updateProfile = vi.fn(async (changes: { avatar?: string }) => ({ ...user, ...changes }) as UserInfo);
vi.mock('../api.ts', () => ({ updateProfile: (c: { avatar?: string }) => updateProfile(c) }));
vi.mock('#features/uploads/index.ts', async (importActual) => ({
  ...(await importActual<typeof import('#features/uploads/index.ts')>()),
  uploadImage: vi.fn(),
}));

const user = { id: 7, username: 'alice', avatar: `/uploads/${'a'.repeat(64)}.png`, levelName: '' } as UserInfo;
afterEach(cleanup);

describe('AvatarCard', () => {
  it('refuses a file that is not a JPEG or PNG before cropping', () => {
    const { container } = renderWithApp(<AvatarCard user={user} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const gif = new File(['GIF89a'], 'x.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(screen.getByRole('alert').textContent).toBe('文件必须是图片!');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes the photo by saving an empty avatar', async () => {
    const { store } = renderWithApp(<AvatarCard user={user} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    });
    expect(updateProfile).toHaveBeenCalledWith({ avatar: '' });
    expect(store.get(userInfoAtom)?.avatar).toBe('');
  });
});
