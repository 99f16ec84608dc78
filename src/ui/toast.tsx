/**
 * Toasts: a jotai list the whole app writes to (features through `useToast`, app/ through `pushToastAtom`
 * on its store) and one radix viewport that announces them politely (toaster-view.tsx). The viewport and radix
 * load with the first toast: until then the list only queues, and the view shows what queued once it is there.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { lazyNamed, once, useOpenedOnce } from './lazy.ts';

type ToastKind = 'success' | 'warning' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let nextId = 1;
export const toastsAtom = atom<ToastItem[]>([]);

export const pushToastAtom = atom(null, (get, set, toast: { kind: ToastKind; message: string }) => {
  const list = get(toastsAtom);
  // The same message twice in a row (several failing calls at once) is shown once.
  if (list.some((t) => t.message === toast.message && t.kind === toast.kind)) return;
  set(toastsAtom, [...list.slice(-3), { ...toast, id: nextId++ }]);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  );
});

export function useToast() {
  const push = useSetAtom(pushToastAtom);
  return (kind: ToastKind, message: string) => push({ kind, message });
}

const view = once(() => import('./toaster-view.tsx').then((m) => m.ToasterView));
const ToasterView = lazyNamed(view.load);

export function Toaster() {
  const shown = useOpenedOnce(useAtomValue(toastsAtom).length > 0);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
