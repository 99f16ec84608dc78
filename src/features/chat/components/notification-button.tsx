import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { type NotifyEnv, notificationPermission } from '#lib/notify.ts';
import { installHelpOpenAtom, isIosNeedingInstall } from '#lib/pwa.ts';
import { Button } from '#ui/button.tsx';

const PushDialog = lazy(() => import('#features/push/panels.ts').then((m) => ({ default: m.PushDialog })));

/**
 * Notifications on this device: opens the push settings (on, off, which events; permission is asked there, when the
 * member switches them on). iOS gives notifications only to Home Screen apps, so in an iOS browser tab it shows the
 * Add to Home Screen steps first.
 */
export function NotificationButton({ env, iosNeedsInstall }: { env?: NotifyEnv; iosNeedsInstall?: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [needsInstall] = useState(() => iosNeedsInstall ?? isIosNeedingInstall());
  const openInstallHelp = useSetAtom(installHelpOpenAtom);
  const permission = notificationPermission(env);
  if (permission === 'unsupported' && !needsInstall) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => (needsInstall ? openInstallHelp(true) : setOpen(true))}>
        {permission === 'granted' ? t`Notifications` : t`Enable notifications`}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PushDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
