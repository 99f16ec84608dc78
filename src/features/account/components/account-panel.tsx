import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, LockIcon, UserIcon } from '#ui/icons.tsx';

/** Spec 2 my-account panel for /profile and /change/password. */
export function AccountPanel() {
  const { t } = useLingui();
  return (
    <nav className="panel" aria-label={t`My account`}>
      <h2 className="panel-heading">
        <Trans>My account</Trans>
      </h2>
      <ul className="panel-links">
        <li>
          <Link to="/profile" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <UserIcon size={18} />
            <Trans>My profile</Trans>
            <ChevronRightIcon size={16} className="panel-chevron" />
          </Link>
        </li>
        <li>
          <Link to="/change/password" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <LockIcon size={18} />
            <Trans>Change password</Trans>
            <ChevronRightIcon size={16} className="panel-chevron" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
