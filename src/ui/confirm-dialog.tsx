/**
 * Yes/no question (see confirm-dialog-view.tsx). Radix loads on the first open; `preloadConfirmDialog` lets a
 * caller fetch it when the question becomes likely (the account menu opened).
 */
import { Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-view.tsx';
import { lazyNamed, once, useOpenedOnce } from './lazy.ts';

export type { ConfirmDialogProps };

const view = once(() => import('./confirm-dialog-view.tsx').then((m) => m.ConfirmDialogView));
const ConfirmDialogView = lazyNamed(view.load);
export const preloadConfirmDialog = (): void => void view.load().catch(() => {});

export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
