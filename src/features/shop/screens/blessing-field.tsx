/** The gift's blessing: optional, at most 255 characters (docs/product.md, Validation), with a live count. */
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { BLESSING_MAX, blessingTooLong } from '../shop.rules.ts';

export function BlessingField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const length = [...value].length;
  const tooLong = blessingTooLong(value);
  return (
    <div className={`field${tooLong ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t`Blessing`} <span className="field-optional">{t`(optional)`}</span>
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        dir="auto"
        placeholder={t`Please enter your blessing`}
        value={value}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-count`} className={tooLong ? 'field-error' : 'field-hint'} role={tooLong ? 'alert' : undefined}>
        {tooLong
          ? t`The blessing can be at most ${BLESSING_MAX} characters (now ${length}).`
          : `${length} / ${BLESSING_MAX}`}
      </p>
    </div>
  );
}
