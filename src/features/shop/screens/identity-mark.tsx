/**
 * The identity mark beside a member's name, shown for the levels whose member config sets showIdentity (seeded:
 * senior). Read from the catalogue (IndexedDB first), so it appears offline too.
 */
import { useLingui } from '@lingui/react/macro';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import { CheckIcon } from '#ui/more-icons.tsx';
import { useCatalogue } from '../catalogue.ts';
import './shop.css';

function Mark({ levelName }: { levelName: string | null | undefined }) {
  const { t } = useLingui();
  const { catalogue } = useCatalogue();
  if (!levelName || !catalogue?.members.some((c) => c.levelName === levelName && c.showIdentity)) return null;
  return (
    <span className="identity-mark" title={t`Identity mark`}>
      <CheckIcon size={12} aria-hidden="true" />
      <span className="sr-only">{t`Identity mark`}</span>
    </span>
  );
}

export function IdentityMark({ levelName }: { levelName: string | null | undefined }) {
  // Its label is in the screens catalog: nothing shows until it is in (a mark, never a spinner, beside a name).
  return useScreenCatalog() ? <Mark levelName={levelName} /> : null;
}
