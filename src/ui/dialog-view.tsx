/** Modal dialog, styled once: focus trap, Escape and labelled title come from radix. Loaded by dialog.tsx on first open. */
import { useLingui } from '@lingui/react/macro';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './more-icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** lg is 941 px wide on a desktop, membership 926 (docs/product.md, Dialogs and widgets). */
  size?: 'sm' | 'md' | 'lg' | 'membership';
  /** Opened from inside another dialog: drawn above it (class dialog-nested, styled by the feature that nests). */
  nested?: boolean;
}

export function DialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  nested,
}: DialogProps) {
  const { t } = useLingui();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="overlay" />
        <D.Content
          className={`dialog dialog-${size}${nested ? ' dialog-nested' : ''}`}
          aria-describedby={description ? undefined : undefined}
        >
          <header className="dialog-head">
            <D.Title className="dialog-title">{title}</D.Title>
            <D.Close className="icon-btn" aria-label={t`Close`}>
              <CloseIcon />
            </D.Close>
          </header>
          {description ? (
            <D.Description className="dialog-desc">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="dialog-body">{children}</div>
          {footer && <footer className="dialog-foot">{footer}</footer>}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
