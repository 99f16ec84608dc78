import { useLingui } from '@lingui/react/macro';
import { type MouseEventHandler, useEffect, useState } from 'react';
import { CODE_RESEND_SECONDS } from '#protocol/constants.ts';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';

/**
 * The seconds until another code may be asked for: the server refuses one for CODE_RESEND_SECONDS (docs/api.md), so
 * the resend button waits out that time. `start()` when a code was sent.
 */
export function useResendCountdown(): { resendIn: number; start: () => void } {
  const [resendIn, setResendIn] = useState(0);
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);
  return { resendIn, start: () => setResendIn(CODE_RESEND_SECONDS) };
}

interface ResendButtonProps {
  resendIn: number;
  busy: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
}

/** 'Send again', disabled with the seconds left while the server would refuse another code. */
export function ResendButton({ resendIn, busy, onClick }: ResendButtonProps) {
  const { t } = useLingui();
  return (
    <Button variant="secondary" onClick={onClick} busy={busy} disabled={resendIn > 0}>
      {resendIn > 0 ? t`Send again (${resendIn} s)` : t`Send again`}
    </Button>
  );
}

interface CodeFieldProps {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
}

/** The 6-digit code an e-mail brought (password reset, a new e-mail address). */
export function CodeField({ value, onChange, error }: CodeFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Verification code`}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      hint={t`The 6 digits from the e-mail, valid for 15 minutes.`}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
