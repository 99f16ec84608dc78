import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { permissionPromptAtom } from './wiring.ts';

/** Spec 8: permissions changed → '权限已被更改, 页面将被刷新?' with 立即刷新 / 稍后手动刷新. */
export function PermissionPrompt() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(permissionPromptAtom);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t`权限已被更改, 页面将被刷新?`}
      confirmLabel={t`立即刷新`}
      cancelLabel={t`稍后手动刷新`}
      onConfirm={() => window.location.reload()}
    />
  );
}
