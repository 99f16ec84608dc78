import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type NotifyEnv, notificationPermission, requestNotificationPermission } from '#lib/notify.ts';
import { Button } from '#ui/button.tsx';
import { useToast } from '#ui/toast.tsx';

/** Asks for notification permission from a click only; shown while the browser has not been asked yet. */
export function NotificationButton({ env }: { env?: NotifyEnv }) {
  const { t } = useLingui();
  const toast = useToast();
  const [permission, setPermission] = useState(() => notificationPermission(env));
  const [asking, setAsking] = useState(false);
  if (permission !== 'default') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={asking}
      onClick={async () => {
        setAsking(true);
        try {
          await requestNotificationPermission(env);
        } catch (error) {
          // NoticeError: 'Message notification has been denied' (spec 8).
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
