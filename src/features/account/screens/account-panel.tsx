import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '#features/auth/index.ts';
import { LockIcon, UserIcon } from '#ui/icons.tsx';
import { FlagIcon } from '#ui/more-icons.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { PanelRow } from './panel-row.tsx';

/** Spec 2 my-account panel for /profile and /change/password; staff also find their console here. */
/** Its texts are in the screens catalog (the layout loads it with this chunk). */
export function AccountPanel() {
  return (
    <ScreenCatalog>
      <Panel />
    </ScreenCatalog>
  );
}

function Panel() {
  const { t } = useLingui();
  // Staff reach their console from here; members see nothing of it.
  const staff = useAtomValue(userInfoAtom)?.staffAccount;
  return (
    <nav className="panel" aria-label={t`My account`}>
      <h2 className="panel-heading">
        <Trans>My account</Trans>
      </h2>
      <ul className="panel-links">
        <li>
          <Link to="/profile" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <PanelRow icon={UserIcon}>
              <Trans>My profile</Trans>
            </PanelRow>
          </Link>
        </li>
        <li>
          <Link to="/change/password" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <PanelRow icon={LockIcon}>
              <Trans>Change password</Trans>
            </PanelRow>
          </Link>
        </li>
        {staff && (
          <li>
            <Link
              to="/staff/$"
              params={{ _splat: 'reports' }}
              className="panel-link"
              activeProps={{ 'aria-current': 'page' }}
            >
              <PanelRow icon={FlagIcon}>
                <Trans>Staff console</Trans>
              </PanelRow>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
