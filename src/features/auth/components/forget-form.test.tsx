// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_SECONDS } from '#protocol/constants.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { ForgetForm } from './forget-form.tsx';

const sendResetCode = vi.fn(async (_email: string) => null);
vi.mock('../api.ts', () => ({
  sendResetCode: (email: string) => sendResetCode(email),
  resetPassword: vi.fn(async () => null),
}));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  sendResetCode.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ForgetForm', () => {
  it(`waits ${CODE_RESEND_SECONDS} s before it offers another code, as the server does (docs/api.md)`, async () => {
    renderWithApp(<ForgetForm onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bob@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    expect(sendResetCode).toHaveBeenCalledTimes(1);
    const again = () => screen.getByRole('button', { name: /^Send again/ }) as HTMLButtonElement;
    expect(again().disabled).toBe(true);
    expect(again().textContent).toBe(`Send again (${CODE_RESEND_SECONDS} s)`);
    for (let i = 1; i < CODE_RESEND_SECONDS; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(again().textContent).toBe('Send again (1 s)');
    expect(again().disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(again().textContent).toBe('Send again');
    expect(again().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(again());
    });
    expect(sendResetCode).toHaveBeenCalledTimes(2);
    expect(again().disabled).toBe(true);
  });
});
