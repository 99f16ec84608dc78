import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { type NotifyEnv, notificationPermission, requestNotificationPermission } from '#lib/notify.ts';
import { installHelpOpenAtom, isIosNeedingInstall } from '#lib/pwa.ts';
import { Button } from '#ui/button.tsx';
import { useToast } from '#ui/toast.tsx';

/**
 * Asks for notification permission from a click only; shown while the browser has not been asked yet. iOS gives
 * notifications only to Home Screen apps, so in an iOS browser tab it shows the Add to Home Screen steps first.
 */
export function NotificationButton({ env, iosNeedsInstall }: { env?: NotifyEnv; iosNeedsInstall?: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const [permission, setPermission] = useState(() => notificationPermission(env));
  const [asking, setAsking] = useState(false);
  const [needsInstall] = useState(() => iosNeedsInstall ?? isIosNeedingInstall());
  const openInstallHelp = useSetAtom(installHelpOpenAtom);
  if (permission !== 'default' && !needsInstall) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={asking}
      onClick={async () => {
        if (needsInstall) {
          openInstallHelp(true);
          return;
        }
        setAsking(true);
        try {
          await requestNotificationPermission(env);
        } catch (error) {
          // NoticeError: 'Message notification has been denied' (docs/product.md, Messages).
          toast('error', error instanceof Error ? error.message : t`Message notification has been denied`);
        } finally {
          setAsking(false);
          setPermission(notificationPermission(env));
        }
      }}
    >
      {t`Enable notifications`}
    </Button>
  );
}
