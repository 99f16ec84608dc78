import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { Button } from '#ui/button.tsx';
import { updateOfferAtom } from './pwa.atoms.ts';

/**
 * 'New version available' with Reload and Later, inside PwaLayer's live region. The section is a landmark named by
 * its title (tests find it by that name).
 */
export function UpdateBanner() {
  const { t } = useLingui();
  const [offer, setOffer] = useAtom(updateOfferAtom);
  const [reloading, setReloading] = useState(false);
  if (!offer) return null;
  return (
    <section className="pwa-update" aria-labelledby="pwa-update-title">
      <p id="pwa-update-title" className="pwa-update-title">
        {t`New version available`}
      </p>
      <div className="pwa-update-actions">
        <Button variant="ghost" size="sm" onClick={() => setOffer(null)}>
          {t`Later`}
        </Button>
        <Button
          size="sm"
          busy={reloading}
          onClick={() => {
            setReloading(true);
            offer.apply();
          }}
        >
          {t`Reload`}
        </Button>
      </div>
    </section>
  );
}
