import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { installHelpOpenAtom } from '#lib/pwa.ts';
import { updateOfferAtom } from './pwa.atoms.ts';
import './pwa.css';

// Both are rare (a waiting update, the iOS steps on request): their code loads when they are first needed, not with
// every first paint. The shell chunk (vite.config.ts) keeps this from splitting the initial chunks.
const UpdateBanner = lazy(() => import('./update-banner.tsx').then((m) => ({ default: m.UpdateBanner })));
const InstallHelpDialog = lazy(() =>
  import('./install-help-dialog.tsx').then((m) => ({ default: m.InstallHelpDialog })),
);

/**
 * Mounted once beside the router (main.tsx): the update banner on every page, the install steps when asked.
 * The live region is always there so screen readers announce the banner when it appears inside it.
 */
export function PwaLayer() {
  const offer = useAtomValue(updateOfferAtom);
  const helpOpen = useAtomValue(installHelpOpenAtom);
  return (
    <>
      <div className="pwa-update-live" aria-live="polite">
        {offer && (
          <Suspense fallback={null}>
            <UpdateBanner />
          </Suspense>
        )}
      </div>
      {helpOpen && (
        <Suspense fallback={null}>
          <InstallHelpDialog />
        </Suspense>
      )}
    </>
  );
}
