/** A text field that only ever holds a valid number (number-input.rules.ts); the keyboard shows digits on phones. */
import type { ReactNode } from 'react';
import { TextField } from './field.tsx';
import { keepNumber, type NumberRule } from './number-input.rules.ts';

interface NumberInputProps extends NumberRule {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  hint?: ReactNode;
  name?: string;
  required?: boolean;
}

export function NumberInput({ label, value, onChange, error, hint, name, required, ...rule }: NumberInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      error={error}
      hint={hint}
      name={name}
      required={required}
      inputMode={rule.decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      onChange={(e) => onChange(keepNumber(e.currentTarget.value, rule))}
    />
  );
}
