/**
 * Alert dialog for a yes/no question; the confirm button keeps focus order after cancel (radix). Loaded by
 * confirm-dialog.tsx on first open.
 */
import { AlertDialog as A } from 'radix-ui';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  tone?: 'primary' | 'danger';
}

export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
}: ConfirmDialogProps) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="overlay" />
        <A.Content className="dialog dialog-sm">
          <A.Title className="dialog-title">{title}</A.Title>
          {description ? (
            <A.Description className="dialog-desc">{description}</A.Description>
          ) : (
            <A.Description className="sr-only">{title}</A.Description>
          )}
          <div className="dialog-foot">
            <A.Cancel className="btn btn-secondary btn-md">{cancelLabel}</A.Cancel>
            <A.Action className={`btn btn-${tone} btn-md`} onClick={onConfirm}>
              {confirmLabel}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
