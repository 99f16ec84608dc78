import { useAtomValue } from 'jotai';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { InstallHelpDialog } from './install-help-dialog.tsx';
import { updateOfferAtom } from './pwa.atoms.ts';
import { UpdateBanner } from './update-banner.tsx';
import './pwa.css';

/**
 * Mounted once beside the router (main.tsx): the update banner on every page, the install steps when asked.
 * The live region is always there so screen readers announce the banner when it appears inside it.
 * Not lazy: both are small and their parts (button, dialog) are in the first paint already, whereas a lazy chunk
 * sharing them makes the bundler split the initial chunks (measured: about 3 KB gzip more).
 */
export function PwaLayer() {
  const offer = useAtomValue(updateOfferAtom);
  const helpOpen = useAtomValue(installHelpOpenAtom);
  return (
    <>
      <div className="pwa-update-live" aria-live="polite">
        {offer && <UpdateBanner />}
      </div>
      {helpOpen && <InstallHelpDialog />}
    </>
  );
}
