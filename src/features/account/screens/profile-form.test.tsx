// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoAtom } from '#features/auth/index.ts';
import { ApiError } from '#lib/http.ts';
import type { UserInfo } from '#protocol/user.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import type { ProfileChanges } from '../api.ts';
import { ProfileForm } from './profile-form.tsx';

const updateProfile = vi.fn(async (changes: ProfileChanges) => ({ ...user, ...changes }) as UserInfo);
vi.mock('../api.ts', () => ({ updateProfile: (c: ProfileChanges) => updateProfile(c) }));

const user = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  birthday: '1995-04-02',
  gender: 2,
  height: 168,
  weight: null,
  countryId: 276,
  country: 'Germany',
  language: 'de-de',
  avatar: '',
} as unknown as UserInfo;

beforeEach(() => updateProfile.mockClear());
afterEach(cleanup);

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });

describe('ProfileForm', () => {
  it('shows the age and constellation of the birthday, and follows a new one', () => {
    renderWithApp(<ProfileForm user={user} />);
    expect(screen.getByText('Aries')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-08-01' } });
    expect(screen.getByText('Leo')).toBeTruthy();
  });

  it('sends only the fields that changed and keeps the answer as the user info', async () => {
    const { store } = renderWithApp(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice_2' } });
    fireEvent.change(screen.getByLabelText(/Height/), { target: { value: '17a2' } });
    await save();
    expect(updateProfile).toHaveBeenCalledWith({ username: 'alice_2', height: 172 });
    expect(store.get(userInfoAtom)?.username).toBe('alice_2');
  });

  it('checks the product rules before sending', async () => {
    renderWithApp(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/Weight/), { target: { value: '5' } });
    await save();
    expect(screen.getByText('Please enter username')).toBeTruthy();
    expect(screen.getByText('Please enter weight')).toBeTruthy();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('shows a taken username beside the field', async () => {
    updateProfile.mockRejectedValueOnce(new ApiError(409, 'Username is already taken'));
    renderWithApp(<ProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    await save();
    const field = screen.getByLabelText('Username');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Username is already taken',
    );
  });
});
