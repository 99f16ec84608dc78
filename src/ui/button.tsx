import type { ButtonHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm' | 'lg';
  block?: boolean;
  busy?: boolean;
}

/** The one button; `busy` keeps the label (screen readers still hear it) and adds a spinner. */
export function Button({
  variant = 'primary',
  size = 'md',
  block,
  busy,
  className,
  type = 'button',
  children,
  disabled,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, `btn-${size}`, block && 'btn-block', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** Same look on links (`<a>`, router `Link`): pass this to their className. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: 'md' | 'sm' | 'lg' = 'md',
  block = false,
): string {
  return ['btn', `btn-${variant}`, `btn-${size}`, block && 'btn-block'].filter(Boolean).join(' ');
}
