import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { installHelpOpenAtom, isIosNeedingInstall } from '#lib/pwa.ts';
import { installPromptAtom, promptInstallAtom } from './pwa.atoms.ts';
import { InstallIcon } from './pwa-icons.tsx';

/**
 * 'Install app' in the header: only while the browser offers installation (a stashed beforeinstallprompt), or
 * on iOS Safari, which never fires it, where it opens the Add to Home Screen steps instead.
 */
export function InstallButton({ iosNeedsInstall }: { iosNeedsInstall?: boolean }) {
  const { t } = useLingui();
  const prompt = useAtomValue(installPromptAtom);
  const promptInstall = useSetAtom(promptInstallAtom);
  const openHelp = useSetAtom(installHelpOpenAtom);
  const [ios] = useState(() => iosNeedsInstall ?? isIosNeedingInstall());
  if (!prompt && !ios) return null;
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={t`Install app`}
      title={t`Install app`}
      onClick={() => {
        // iOS first: Safari never fires the event, and an iPhone emulated in Chromium (e2e) would get a prompt
        // that shows nothing.
        if (ios) openHelp(true);
        else void promptInstall().catch(() => {});
      }}
    >
      <InstallIcon />
    </button>
  );
}
