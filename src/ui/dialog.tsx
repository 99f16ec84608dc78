/**
 * Modal dialog (see dialog-view.tsx). Radix loads on the first open, so pages pay for it only when a dialog is
 * used.
 */
import { Suspense } from 'react';
import type { DialogProps } from './dialog-view.tsx';
import { lazyNamed, once, useOpenedOnce } from './lazy.ts';

export type { DialogProps };

const view = once(() => import('./dialog-view.tsx').then((m) => m.DialogView));
const DialogView = lazyNamed(view.load);

export function Dialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}
