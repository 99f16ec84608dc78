/**
 * The catalogue's states for a screen or dialog: a spinner while nothing is known, an error with Try again when
 * nothing could be loaded, and the cached prices marked as possibly out of date when the server cannot be asked.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '#ui/button.tsx';
import { EmptyState, Spinner } from '#ui/empty-state.tsx';
import { AlertIcon } from '#ui/icons.tsx';
import { InfoIcon } from '#ui/more-icons.tsx';
import { type Catalogue, useCatalogue } from '../catalogue.ts';

/** children gets the catalogue and whether paying is possible now (a fresh catalogue from the server). */
export function CatalogueGate({ children }: { children: (catalogue: Catalogue, canPay: boolean) => ReactNode }) {
  const { t, i18n } = useLingui();
  const { catalogue, fresh, loading, failed, refresh } = useCatalogue();
  if (!catalogue) {
    if (loading || !failed) return <Spinner label={t`Loading prices…`} />;
    return (
      <EmptyState
        icon={<AlertIcon size={36} />}
        title={t`Prices could not be loaded`}
        action={
          <Button variant="secondary" onClick={refresh}>
            {t`Try again`}
          </Button>
        }
      >
        {t`Check your connection and try again.`}
      </EmptyState>
    );
  }
  const saved = i18n.date(new Date(catalogue.savedAt), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      {!fresh && (
        <p className="stale-note" role="status">
          <InfoIcon size={18} />
          <span>
            {loading
              ? t`Showing saved prices from ${saved} while checking for changes…`
              : t`Prices saved on ${saved} may be out of date. They refresh when you are back online.`}
          </span>
          {!loading && (
            <Button size="sm" variant="ghost" onClick={refresh}>
              {t`Refresh`}
            </Button>
          )}
        </p>
      )}
      {children(catalogue, fresh)}
    </>
  );
}
