import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';
import { loginRequest } from '../api.ts';
import { type Errors, hasErrors, type LoginValues, validateLogin } from '../auth.rules.ts';
import { signInAtom } from '../session.atoms.ts';
import { errorText, FormError, focusFirstError } from './form-error.tsx';

interface LoginFormProps {
  onSignedIn: () => void;
  /** Links under the button (register, forgot password): the route gives them, the form stays router-free. */
  footer?: ReactNode;
  forgotLink?: ReactNode;
}

export function LoginForm({ onSignedIn, footer, forgotLink }: LoginFormProps) {
  const { t, i18n } = useLingui();
  const signIn = useSetAtom(signInAtom);
  const [values, setValues] = useState<LoginValues>({ keyword: '', password: '' });
  const [errors, setErrors] = useState<Errors<keyof LoginValues>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const set = (key: keyof LoginValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return focusFirstError(event.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      await signIn(await loginRequest(values.keyword, values.password));
      onSignedIn();
    } catch (error) {
      setServerError(errorText(error, t`error`));
    } finally {
      setBusy(false);
    }
  }

  const show = (key: keyof LoginValues) => (errors[key] ? i18n._(errors[key]) : undefined);

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t`Username or e-mail`}
        name="keyword"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.keyword}
        onChange={set('keyword')}
        error={show('keyword')}
      />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={20}
        value={values.password}
        onChange={set('password')}
        error={show('password')}
      />
      {forgotLink && <div className="form-aside">{forgotLink}</div>}
      <FormError message={serverError} />
      <Button type="submit" size="lg" block busy={busy}>
        {t`Sign in`}
      </Button>
      {footer && <div className="form-footer">{footer}</div>}
    </form>
  );
}
