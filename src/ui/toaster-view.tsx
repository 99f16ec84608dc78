/** The radix toast viewport for toast.tsx's list; loaded with the first toast. */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { Toast as T } from 'radix-ui';
import { AlertIcon } from './icons.tsx';
import { CheckIcon, CloseIcon, InfoIcon } from './more-icons.tsx';
import { dismissToastAtom, toastsAtom } from './toast.tsx';

const ICONS = { success: CheckIcon, warning: AlertIcon, error: AlertIcon, info: InfoIcon } as const;

export function ToasterView() {
  const { t } = useLingui();
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
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
