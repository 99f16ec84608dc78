import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';
import { useToast } from '#ui/toast.tsx';
import { resetPassword, sendResetCode } from '../api.ts';
import { type Errors, hasErrors, type ResetValues, validateReset, validateResetEmail } from '../auth.rules.ts';
import { errorText, FormError, focusFirstError } from './form-error.tsx';
import { PasswordPair } from './password-pair.tsx';
import { CodeField, ResendButton, useResendCountdown } from './verification-code.tsx';

interface ForgetFormProps {
  onDone: () => void;
  footer?: ReactNode;
}

/** Password recovery (docs/api.md, Authentication): e-mail → code → code and new password → reset → sign-in. */
export function ForgetForm({ onDone, footer }: ForgetFormProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [values, setValues] = useState<ResetValues>({ email: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors<keyof ResetValues>>({});
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<'code' | 'reset' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const countdown = useResendCountdown();

  const text = (key: keyof ResetValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const show = (key: keyof ResetValues) => (errors[key] ? i18n._(errors[key]) : undefined);

  async function sendCode() {
    const found = validateResetEmail(values.email);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return;
    setBusy('code');
    try {
      await sendResetCode(values.email);
      setCodeSent(true);
      countdown.start();
      toast('success', t`If this e-mail belongs to an account, a code is on its way.`);
    } catch (error) {
      setServerError(errorText(error, t`error`));
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!codeSent) return sendCode();
    const found = validateReset(values);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return focusFirstError(event.currentTarget as HTMLFormElement);
    setBusy('reset');
    try {
      await resetPassword(values.email, values.code, values.password);
      toast('success', t`Password changed. Please sign in.`);
      onDone();
    } catch (error) {
      setServerError(errorText(error, t`error`));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field-with-action">
        <TextField
          label={t`E-mail`}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={text('email')}
          error={show('email')}
        />
        {codeSent && <ResendButton resendIn={countdown.resendIn} busy={busy === 'code'} onClick={sendCode} />}
      </div>
      {codeSent && (
        <>
          <CodeField value={values.code} onChange={text('code')} error={show('code')} />
          <PasswordPair
            passwordLabel={t`New password`}
            password={values.password}
            confirm={values.confirm}
            onChange={text}
            error={show}
          />
        </>
      )}
      <FormError message={serverError} />
      <Button type="submit" size="lg" block busy={busy !== null && (codeSent ? busy === 'reset' : true)}>
        {codeSent ? t`Reset password` : t`Send code`}
      </Button>
      {footer && <div className="form-footer">{footer}</div>}
    </form>
  );
}
