import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { installHelpOpenAtom, isIosNeedingInstall } from '#lib/pwa.ts';
import { PUSH_EVENTS, type PushEvent } from '#protocol/push.ts';
import { Button } from '#ui/button.tsx';
import { useToast } from '#ui/toast.tsx';
import { disablePush, enablePush, pushSupported, readPushSetting, syncPush } from '../push.device.ts';
import './push.css';

/**
 * This device's notifications (on, off, which events), in the notification button's dialog and on /profile. On iOS
 * in a browser tab it shows the Add to Home Screen steps first: web push works only in the installed app there.
 * Permission is asked only when the member switches it on.
 */
export function PushSettings({ heading = true }: { heading?: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const id = useId();
  const openInstallHelp = useSetAtom(installHelpOpenAtom);
  const [setting, setSetting] = useState(readPushSetting);
  const [busy, setBusy] = useState(false);
  // Texts in today's language to the worker, and the subscription to the server again.
  useEffect(() => void syncPush(), []);
  const labels: Record<PushEvent, string> = {
    message: t`New messages`,
    gift: t`Gifts`,
    like: t`Likes`,
    visit: t`Visits to my page`,
  };

  async function apply(on: boolean, events: PushEvent[]) {
    setBusy(true);
    try {
      if (on) await enablePush(events);
      else await disablePush();
      setSetting(readPushSetting());
    } catch (error) {
      // NoticeError: 'Message notification has been denied' (docs/product.md, Messages).
      const denied = error instanceof Error && error.name === 'NoticeError';
      toast('error', denied ? error.message : t`Notifications could not be turned on. Please try again.`);
      console.warn(error);
      setSetting(readPushSetting());
    } finally {
      setBusy(false);
    }
  }

  let body: React.ReactNode;
  if (isIosNeedingInstall()) {
    body = (
      <>
        <p className="push-lead">{t`On iPhone and iPad, notifications work only in the app on your Home Screen.`}</p>
        <Button variant="secondary" size="sm" onClick={() => openInstallHelp(true)}>
          {t`How to add Amity to the Home Screen`}
        </Button>
      </>
    );
  } else if (!pushSupported()) {
    body = <p className="push-lead">{t`This browser cannot show notifications while Amity is closed.`}</p>;
  } else {
    body = (
      <>
        <label className="push-switch">
          <input
            type="checkbox"
            role="switch"
            checked={setting.on}
            aria-checked={setting.on}
            disabled={busy}
            aria-busy={busy || undefined}
            onChange={(e) => void apply(e.currentTarget.checked, setting.events)}
          />
          <span>{t`Notifications on this device`}</span>
        </label>
        <fieldset className="push-events" disabled={!setting.on || busy}>
          <legend>{t`Tell me about`}</legend>
          {PUSH_EVENTS.map((event) => (
            <label key={event} className="push-event">
              <input
                type="checkbox"
                checked={setting.events.includes(event)}
                onChange={(e) => {
                  const events = e.currentTarget.checked
                    ? PUSH_EVENTS.filter((x) => x === event || setting.events.includes(x))
                    : setting.events.filter((x) => x !== event);
                  void apply(events.length > 0, events.length > 0 ? events : setting.events);
                }}
              />
              <span>{labels[event]}</span>
            </label>
          ))}
        </fieldset>
      </>
    );
  }
  return (
    <section className="push-settings" aria-labelledby={heading ? `${id}-title` : undefined}>
      {heading && (
        <h2 className="account-card-title" id={`${id}-title`}>
          {t`Notifications`}
        </h2>
      )}
      {body}
    </section>
  );
}
