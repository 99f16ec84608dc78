// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

afterEach(cleanup);

describe('LoginForm', () => {
  it('shows both form messages (docs/product.md) when submitted empty and calls nothing', () => {
    const onSignedIn = vi.fn();
    renderWithApp(<LoginForm onSignedIn={onSignedIn} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter username or e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter password')).toBeTruthy();
    expect(screen.getByLabelText('Username or e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('clears a field’s message once the member types', () => {
    renderWithApp(<LoginForm onSignedIn={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.change(screen.getByLabelText('Username or e-mail'), { target: { value: 'bob' } });
    expect(screen.queryByText('Please enter username or e-mail')).toBeNull();
    expect(screen.getByText('Please enter password')).toBeTruthy();
  });
});

describe('RegisterForm', () => {
  it('lists each missing field with its form message (docs/product.md)', () => {
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      'Please enter username',
      'Please enter email',
      'Please enter password',
      'Please confirm the password',
      'Please enter your date of birth',
      'Please choose country',
      'Please agree to the user agreement',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
  });

  it('flags a wrong e-mail, a short password and a mismatch', () => {
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bob@x' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Please input the correct email')).toBeTruthy();
    expect(screen.getByText('Password length 4-20')).toBeTruthy();
    expect(screen.getByText('Two passwords are inconsistent')).toBeTruthy();
  });

  it('offers the labelled fields e2e tests rely on', () => {
    renderWithApp(<RegisterForm onRegistered={() => {}} />);
    for (const label of ['Username', 'E-mail', 'Password', 'Confirm password', 'Date of birth', 'Country']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('group', { name: 'Gender' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Male' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I agree to the user agreement' })).toBeTruthy();
  });
});
