/** The fields of a member's details that register and the profile both show, written once. */
import { useLingui } from '@lingui/react/macro';
import { ChoiceGroup, TextField } from '#ui/field.tsx';

interface FieldProps {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
}

export function UsernameField({ value, onChange, error }: FieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Username`}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={20}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The date of birth, no later than today (the age rules of docs/product.md are checked on submit). */
export function BirthdayField({ value, onChange, error }: FieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Date of birth`}
      name="birthday"
      type="date"
      autoComplete="bday"
      max={new Date().toISOString().slice(0, 10)}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

type Key = 'gender' | 'height' | 'weight';

interface GenderHeightWeightProps {
  values: Record<Key, string>;
  /** The value as chosen or typed; the form filters it (the profile keeps digits only). */
  onChange: (key: Key, value: string) => void;
  error: (key: Key) => string | undefined;
  /** Under height and weight while they have no error (the profile shows the server's bounds). */
  hints?: { height: string; weight: string };
}

/** Gender, height and weight: height and weight are optional, in cm and kg. */
export function GenderHeightWeight({ values, onChange, error, hints }: GenderHeightWeightProps) {
  const { t } = useLingui();
  const optional = t`(optional)`;
  return (
    <>
      <ChoiceGroup
        legend={t`Gender`}
        name="gender"
        value={values.gender}
        onChange={(v) => onChange('gender', v)}
        options={[
          { value: '1', label: t`Male` },
          { value: '2', label: t`Female` },
        ]}
        error={error('gender')}
      />
      <div className="form-row">
        <TextField
          label={t`Height (cm)`}
          optional={optional}
          name="height"
          inputMode="numeric"
          maxLength={3}
          hint={hints?.height}
          value={values.height}
          onChange={(e) => onChange('height', e.target.value)}
          error={error('height')}
        />
        <TextField
          label={t`Weight (kg)`}
          optional={optional}
          name="weight"
          inputMode="numeric"
          maxLength={3}
          hint={hints?.weight}
          value={values.weight}
          onChange={(e) => onChange('weight', e.target.value)}
          error={error('weight')}
        />
      </div>
    </>
  );
}
