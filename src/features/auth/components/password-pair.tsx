import { useLingui } from '@lingui/react/macro';
import { TextField } from '#ui/field.tsx';

type PairKey = 'password' | 'confirm';

interface PasswordPairProps {
  /** 'Password' when registering, 'New password' when resetting. */
  passwordLabel: string;
  password: string;
  confirm: string;
  onChange: (key: PairKey) => (e: { target: { value: string } }) => void;
  error: (key: PairKey) => string | undefined;
  /** Under the new password while it has no error ('4 to 20 characters.'). */
  hint?: string;
}

/** The password and confirm-password fields of register and reset; auth.rules.ts checks them alike. */
export function PasswordPair({ passwordLabel, password, confirm, onChange, error, hint }: PasswordPairProps) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={20}
        value={password}
        onChange={onChange('password')}
        error={error('password')}
        hint={hint}
      />
      <TextField
        label={t`Confirm password`}
        name="confirm"
        type="password"
        autoComplete="new-password"
        maxLength={20}
        value={confirm}
        onChange={onChange('confirm')}
        error={error('confirm')}
      />
    </>
  );
}
