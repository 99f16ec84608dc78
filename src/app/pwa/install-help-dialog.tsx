import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { AddSquareIcon, ShareIcon } from './pwa-icons.tsx';

/** Safari on iOS has no install prompt: the Share → Add to Home Screen steps, with the glyphs Safari shows. */
export function InstallHelpDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useAtom(installHelpOpenAtom);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t`Add Amity to your Home Screen`}
      description={t`On iPhone and iPad, Amity can send notifications only once it is on your Home Screen.`}
      footer={<Button onClick={() => setOpen(false)}>{t`Got it`}</Button>}
    >
      <ol className="pwa-steps">
        <li>
          <span className="pwa-step-icon">
            <ShareIcon />
          </span>
          <span>
            <Trans>Tap the Share button in Safari's toolbar.</Trans>
          </span>
        </li>
        <li>
          <span className="pwa-step-icon">
            <AddSquareIcon />
          </span>
          <span>
            <Trans>Scroll down and tap Add to Home Screen, then Add.</Trans>
          </span>
        </li>
        <li>
          <span className="pwa-step-icon pwa-step-app" aria-hidden="true">
            A
          </span>
          <span>
            <Trans>Open Amity from your Home Screen and sign in.</Trans>
          </span>
        </li>
      </ol>
    </Dialog>
  );
}
