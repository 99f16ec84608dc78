import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import {
  CodeField,
  type EmailChangeValues,
  type Errors,
  FormError,
  focusFirstError,
  hasErrors,
  ResendButton,
  useResendCountdown,
  validateEmailChange,
} from '#features/auth/forms.ts';
import { refreshUserInfoAtom } from '#features/auth/index.ts';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';
import { useToast } from '#ui/toast.tsx';
import { confirmEmail, requestEmailCode } from '../api.ts';
import { refusalOf } from './server-errors.ts';

const EMPTY: EmailChangeValues = { email: '', password: '', code: '' };
const FIELDS = ['email', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The e-mail address (docs/product.md, Amity's own limits): a new one takes the current password and a code sent to
 * it; the old address is told. The profile form itself never changes it.
 */
export function EmailCard({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const refresh = useSetAtom(refreshUserInfoAtom);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<EmailChangeValues>(EMPTY);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<'code' | 'confirm' | null>(null);
  const countdown = useResendCountdown();

  const text = (key: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
    setServerErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const show = (key: Field) => (errors[key] ? i18n._(errors[key]) : serverErrors[key]);

  function fail(error: unknown, form: HTMLFormElement | null) {
    const { field, message } = refusalOf(error, FIELDS, i18n, t`error`);
    if (field) {
      setServerErrors({ [field]: message });
      focusFirstError(form);
    } else setFormError(message);
  }
  function check(step: 'code' | 'confirm', form: HTMLFormElement | null): boolean {
    const found = validateEmailChange(values, step);
    setErrors(found);
    setServerErrors({});
    setFormError(null);
    if (hasErrors(found)) focusFirstError(form);
    return !hasErrors(found);
  }

  async function sendCode(form: HTMLFormElement | null) {
    if (!check('code', form)) return;
    setBusy('code');
    try {
      await requestEmailCode(values.email, values.password);
      setCodeSent(true);
      countdown.start();
      toast('success', t`A code is on its way to the new address.`);
    } catch (error) {
      fail(error, form);
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if (!codeSent) return sendCode(form);
    if (!check('confirm', form)) return;
    setBusy('confirm');
    try {
      await confirmEmail(values.email, values.code);
      await refresh().catch(() => {});
      toast('success', t`Your e-mail address was changed.`);
      setEditing(false);
      setCodeSent(false);
      setValues(EMPTY);
    } catch (error) {
      fail(error, form);
    } finally {
      setBusy(null);
    }
  }

  function cancel() {
    setEditing(false);
    setCodeSent(false);
    setValues(EMPTY);
    setErrors({});
    setServerErrors({});
    setFormError(null);
  }

  return (
    <section className="account-card" aria-labelledby="profile-email">
      <h2 className="account-card-title" id="profile-email">{t`E-mail`}</h2>
      <div className="email-current">
        <span className="email-address">{email}</span>
        {!editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t`Change e-mail`}
          </Button>
        )}
      </div>
      {editing && (
        <form className="form" onSubmit={submit} noValidate>
          <p className="account-card-lead">
            {t`We send a code to the new address; your current address is told of the change.`}
          </p>
          <TextField
            label={t`New e-mail`}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={text('email')}
            error={show('email')}
            readOnly={codeSent}
          />
          <TextField
            label={t`Current password`}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={20}
            value={values.password}
            onChange={text('password')}
            error={show('password')}
            readOnly={codeSent}
          />
          {codeSent && (
            <div className="field-with-action">
              <CodeField value={values.code} onChange={text('code')} error={show('code')} />
              <ResendButton
                resendIn={countdown.resendIn}
                busy={busy === 'code'}
                onClick={(e) => void sendCode(e.currentTarget.form)}
              />
            </div>
          )}
          <FormError message={formError} />
          <div className="account-actions">
            <Button type="submit" busy={busy === (codeSent ? 'confirm' : 'code')}>
              {codeSent ? t`Confirm new e-mail` : t`Send code`}
            </Button>
            <Button variant="ghost" onClick={cancel}>
              {t`Cancel`}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
