import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import {
  BirthdayField,
  countryNameEn,
  countryOptions,
  FormError,
  focusFirstError,
  GenderHeightWeight,
  hasErrors,
  UsernameField,
} from '#features/auth/forms.ts';
import { userInfoAtom } from '#features/auth/index.ts';
import { LOCALE_NAMES } from '#lib/i18n.ts';
import { LOCALES } from '#protocol/constants.ts';
import { ageOn, constellationOf, type UserInfo } from '#protocol/user.ts';
import { Button } from '#ui/button.tsx';
import { SelectField } from '#ui/field.tsx';
import { RemoteSelect, type SelectOption } from '#ui/remote-select.tsx';
import { useToast } from '#ui/toast.tsx';
import { updateProfile } from '../api.ts';
import { constellationLabel } from '../constellation.ts';
import {
  BOUNDS,
  type ProfileErrors,
  type ProfileValues,
  profileChanges,
  profileValues,
  validateProfile,
  wholeNumberInput,
} from './profile.rules.ts';
import { refusalOf } from './server-errors.ts';

const FIELDS = ['username', 'birthday', 'gender', 'height', 'weight', 'countryId', 'country', 'language'] as const;
type Field = (typeof FIELDS)[number];

/** Username, birthday (age and sign derived), gender, height, weight, country and language; saves what changed. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [, setUser] = useAtom(userInfoAtom);
  const stored = useMemo(() => profileValues(user), [user]);
  const [values, setValues] = useState<ProfileValues>(stored);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);

  function update<K extends Field>(key: K, value: ProfileValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
    setServerErrors((prev) => ({ ...prev, [key]: undefined }));
  }
  const text = (key: Field) => (e: { target: { value: string } }) => update(key, e.target.value);
  const show = (key: Field) => (errors[key] ? i18n._(errors[key]) : serverErrors[key]);

  // The 'remote' search of docs/product.md over the list every language names through Intl.
  const searchCountries = useCallback(
    async ({ keyword = '' }: Record<string, string>): Promise<SelectOption[]> => {
      const k = keyword.toLocaleLowerCase(i18n.locale);
      return k ? countries.filter((c) => c.label.toLocaleLowerCase(i18n.locale).includes(k)) : countries;
    },
    [countries, i18n.locale],
  );
  const country: SelectOption | null =
    countries.find((c) => c.value === values.countryId) ??
    (values.country ? { value: values.countryId, label: values.country } : null);

  const validBirthday = values.birthday && !errors.birthday ? values.birthday : '';
  const age = validBirthday ? ageOn(validBirthday, new Date()) : null;
  const sign = validBirthday ? constellationLabel(i18n, constellationOf(validBirthday)) : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const found = validateProfile(values);
    setErrors(found);
    setServerErrors({});
    setFormError(null);
    if (hasErrors(found)) return focusFirstError(form);
    const changes = profileChanges(stored, values, countryNameEn);
    if (Object.keys(changes).length === 0) return toast('success', t`Nothing has changed`);
    setBusy(true);
    try {
      setUser(await updateProfile(changes, { silent: true }));
      toast('success', t`Save successfully`);
    } catch (error) {
      const { field, message } = refusalOf(error, FIELDS, i18n, t`error`);
      if (field) {
        setServerErrors({ [field === 'country' ? 'countryId' : field]: message });
        focusFirstError(form);
      } else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form account-card" onSubmit={submit} noValidate aria-labelledby="profile-details">
      <h2 className="account-card-title" id="profile-details">{t`Details`}</h2>
      <UsernameField value={values.username} onChange={text('username')} error={show('username')} />
      <div className="form-row">
        <BirthdayField value={values.birthday} onChange={text('birthday')} error={show('birthday')} />
        <dl className="facts profile-derived" aria-live="polite">
          <div>
            <dt>{t`Age`}</dt>
            <dd>{age ?? '—'}</dd>
          </div>
          <div>
            <dt>{t`Constellation`}</dt>
            <dd>{sign || '—'}</dd>
          </div>
        </dl>
      </div>
      <GenderHeightWeight
        values={values}
        onChange={(key, value) => update(key, key === 'gender' ? value : wholeNumberInput(value))}
        error={show}
        hints={{
          height: t`${BOUNDS.height[0]} to ${BOUNDS.height[1]}`,
          weight: t`${BOUNDS.weight[0]} to ${BOUNDS.weight[1]}`,
        }}
      />
      <div className="form-row">
        <RemoteSelect
          label={t`Country`}
          name="country"
          placeholder={t`Type to search…`}
          value={country}
          onChange={(o) => update('countryId', o.value)}
          search={searchCountries}
          error={show('countryId')}
        />
        <SelectField
          label={t`Language`}
          name="language"
          placeholder={t`Choose…`}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          value={(LOCALES as readonly string[]).includes(values.language) ? values.language : ''}
          onChange={text('language')}
          error={show('language')}
        />
      </div>
      <FormError message={formError} />
      <div>
        <Button type="submit" busy={busy}>
          {t`Save`}
        </Button>
      </div>
    </form>
  );
}
