/**
 * Toasts: a jotai list the whole app writes to (features through `useToast`, app/ through `pushToastAtom`
 * on its store) and one radix viewport that announces them politely.
 */
import { useLingui } from '@lingui/react/macro';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { Toast as T } from 'radix-ui';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons.tsx';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';
export interface ToastItem {
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

const dismissAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  );
});

export function useToast() {
  const push = useSetAtom(pushToastAtom);
  return (kind: ToastKind, message: string) => push({ kind, message });
}

const ICONS = { success: CheckIcon, warning: AlertIcon, error: AlertIcon, info: InfoIcon } as const;

export function Toaster() {
  const { t } = useLingui();
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissAtom);
  return (
    <T.Provider swipeDirection="right" duration={5000} label={t`Notification`}>
      {toasts.map((toast) => {
        const Icon = ICONS[toast.kind];
        return (
          <T.Root
            key={toast.id}
            className={`toast toast-${toast.kind}`}
            type={toast.kind === 'success' || toast.kind === 'info' ? 'background' : 'foreground'}
            onOpenChange={(open) => {
              if (!open) dismiss(toast.id);
            }}
          >
            <Icon className="toast-icon" />
            <T.Description className="toast-text">{toast.message}</T.Description>
            <T.Close className="icon-btn icon-btn-sm" aria-label={t`Dismiss`}>
              <CloseIcon size={16} />
            </T.Close>
          </T.Root>
        );
      })}
      <T.Viewport className="toast-viewport" label={t`Notifications (F8)`} />
    </T.Provider>
  );
}
