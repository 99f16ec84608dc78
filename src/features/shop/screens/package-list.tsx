/** A list of packages or plans to choose one from: native radios in a fieldset (arrow keys, labels, forms). */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { dollars } from '../shop.rules.ts';

export interface PackageOption {
  id: number;
  label: ReactNode;
  amount: number;
  note?: ReactNode;
}

interface PackageListProps {
  legend: ReactNode;
  name: string;
  options: PackageOption[];
  value: number | null;
  onChange: (id: number) => void;
}

export function PackageList({ legend, name, options, value, onChange }: PackageListProps) {
  const { t } = useLingui();
  return (
    <fieldset className="packages">
      <legend className="field-label">{legend}</legend>
      {options.length === 0 ? (
        <p className="muted">{t`Nothing is on sale here right now.`}</p>
      ) : (
        <div className="package-grid">
          {options.map((o) => (
            <label key={o.id} className="package">
              <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
              <span className="package-label">{o.label}</span>
              <span className="package-price">${dollars(o.amount)}</span>
              {o.note && <span className="package-note">{o.note}</span>}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
