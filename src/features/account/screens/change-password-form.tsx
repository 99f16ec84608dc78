import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import {
  type ChangePasswordValues,
  type Errors,
  FormError,
  focusFirstError,
  hasErrors,
  PasswordPair,
  validateChangePassword,
} from '#features/auth/forms.ts';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';
import { useToast } from '#ui/toast.tsx';
import { changePassword } from '../api.ts';
import { refusalOf } from './server-errors.ts';
import './account.css';

const EMPTY: ChangePasswordValues = { oldPassword: '', password: '', confirm: '' };
const FIELDS = ['oldPassword', 'password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /change/password (docs/product.md, Form messages): the current password, the new one (4-20) and its confirmation.
 * The server keeps this device signed in and signs out every other one.
 */
export function ChangePasswordForm() {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const text = (key: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
    setServerErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const show = (key: Field) => (errors[key] ? i18n._(errors[key]) : serverErrors[key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const found = validateChangePassword(values);
    setErrors(found);
    setServerErrors({});
    setFormError(null);
    if (hasErrors(found)) return focusFirstError(form);
    setBusy(true);
    try {
      await changePassword(values.oldPassword, values.password);
      setValues(EMPTY);
      toast('success', t`Password changed. Your other devices have been signed out.`);
    } catch (error) {
      const { field, message } = refusalOf(error, FIELDS, i18n, t`error`);
      if (field) {
        setServerErrors({ [field]: message });
        focusFirstError(form);
      } else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form account-card" onSubmit={submit} noValidate>
      <TextField
        label={t`Current password`}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        maxLength={20}
        value={values.oldPassword}
        onChange={text('oldPassword')}
        error={show('oldPassword')}
      />
      <PasswordPair
        passwordLabel={t`New password`}
        password={values.password}
        confirm={values.confirm}
        onChange={(key) => text(key)}
        error={show}
        hint={t`4 to 20 characters.`}
      />
      <p className="field-hint">{t`Your other devices will be signed out; this one stays signed in.`}</p>
      <FormError message={formError} />
      <div>
        <Button type="submit" busy={busy}>
          {t`Change password`}
        </Button>
      </div>
    </form>
  );
}
