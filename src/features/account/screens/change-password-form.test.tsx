// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/http.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const changePassword = vi.fn(async (_old: string, _new: string): Promise<null> => null);
vi.mock('../api.ts', () => ({ changePassword: (o: string, n: string) => changePassword(o, n) }));

beforeEach(() => changePassword.mockClear());
afterEach(cleanup);

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  });

describe('ChangePasswordForm', () => {
  it('checks the rules before sending: length 4-20 and the same password twice', async () => {
    renderWithApp(<ChangePasswordForm />);
    await submit();
    expect(screen.getAllByText('Please enter password')).toHaveLength(2);
    expect(screen.getByText('Please confirm the password')).toBeTruthy();
    fill({ 'Current password': 'old1', 'New password': 'abc', 'Confirm password': 'abc' });
    await submit();
    expect(screen.getByText('Password length 4-20')).toBeTruthy();
    fill({ 'New password': 'abcd1234', 'Confirm password': 'abcd12345' });
    await submit();
    expect(screen.getByText('Two passwords are inconsistent')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('sends the old and new password, then empties the form', async () => {
    renderWithApp(<ChangePasswordForm />);
    fill({ 'Current password': 'old1', 'New password': 'abcd1234', 'Confirm password': 'abcd1234' });
    await submit();
    expect(changePassword).toHaveBeenCalledWith('old1', 'abcd1234');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password beside that field', async () => {
    changePassword.mockRejectedValueOnce(new ApiError(400, 'oldPassword is wrong'));
    renderWithApp(<ChangePasswordForm />);
    fill({ 'Current password': 'nope', 'New password': 'abcd1234', 'Confirm password': 'abcd1234' });
    await submit();
    const field = screen.getByLabelText('Current password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('The current password is wrong');
  });

  it('shows a refusal about no field above the button', async () => {
    changePassword.mockRejectedValueOnce(new ApiError(429, 'Too many attempts, try again in 9 seconds'));
    renderWithApp(<ChangePasswordForm />);
    fill({ 'Current password': 'old1', 'New password': 'abcd1234', 'Confirm password': 'abcd1234' });
    await submit();
    expect(screen.getByRole('alert').textContent).toContain('Too many attempts, try again in 9 seconds');
  });
});
