import { Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Button } from '#ui/button.tsx';
import { CheckboxField, SelectField, TextField } from '#ui/field.tsx';
import { registerRequest } from '../api.ts';
import { type Errors, hasErrors, type RegisterValues, validateRegister } from '../auth.rules.ts';
import { countryNameEn, countryOptions } from '../countries.ts';
import { signInAtom } from '../session.atoms.ts';
import { errorText, FormError, focusFirstError } from './form-error.tsx';
import { BirthdayField, GenderHeightWeight, UsernameField } from './member-fields.tsx';
import { PasswordPair } from './password-pair.tsx';

const EMPTY: RegisterValues = {
  username: '',
  email: '',
  password: '',
  confirm: '',
  birthday: '',
  gender: '',
  countryId: '',
  height: '',
  weight: '',
  agree: false,
};

interface RegisterFormProps {
  onRegistered: () => void;
  footer?: ReactNode;
  /** The user agreement link (opens a dialog or page), given by the route. */
  agreementLink?: ReactNode;
}

export function RegisterForm({ onRegistered, footer }: RegisterFormProps) {
  const { t, i18n } = useLingui();
  const signIn = useSetAtom(signInAtom);
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<Errors<keyof RegisterValues>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);

  function update<K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  }
  const text = (key: keyof RegisterValues) => (e: { target: { value: string } }) =>
    update(key, e.target.value as never);
  const show = (key: keyof RegisterValues) => (errors[key] ? i18n._(errors[key]) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return focusFirstError(event.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      const countryId = Number(values.countryId);
      const token = await registerRequest({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        birthday: values.birthday,
        gender: values.gender === '1' ? 1 : 2,
        country: countryNameEn(countryId),
        countryId,
        height: values.height ? Number(values.height) : null,
        weight: values.weight ? Number(values.weight) : null,
        language: i18n.locale,
      });
      await signIn(token);
      onRegistered();
    } catch (error) {
      setServerError(errorText(error, t`error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <UsernameField value={values.username} onChange={text('username')} error={show('username')} />
      <TextField
        label={t`E-mail`}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={text('email')}
        error={show('email')}
      />
      <div className="form-row">
        <PasswordPair
          passwordLabel={t`Password`}
          password={values.password}
          confirm={values.confirm}
          onChange={text}
          error={show}
        />
      </div>
      <div className="form-row">
        <BirthdayField value={values.birthday} onChange={text('birthday')} error={show('birthday')} />
        <SelectField
          label={t`Country`}
          name="countryId"
          autoComplete="off"
          placeholder={t`Choose…`}
          options={countries}
          value={values.countryId}
          onChange={text('countryId')}
          error={show('countryId')}
        />
      </div>
      <GenderHeightWeight values={values} onChange={update} error={show} />
      <CheckboxField
        label={t`I agree to the user agreement`}
        name="agree"
        checked={values.agree}
        onChange={(e) => update('agree', e.target.checked)}
        error={show('agree')}
      />
      <FormError message={serverError} />
      <Button type="submit" size="lg" block busy={busy}>
        <Trans>Register</Trans>
      </Button>
      {footer && <div className="form-footer">{footer}</div>}
    </form>
  );
}
