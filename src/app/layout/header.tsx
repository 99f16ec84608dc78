import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { UserMenu } from '#features/account/index.ts';
import { signOutAtom, userInfoAtom } from '#features/auth/index.ts';
import { SearchBox } from '#features/search/index.ts';
import { InstallButton } from '../pwa/install-button.tsx';
import { stopPushOnSignOut } from '../socket-wiring.ts';
import { LanguageMenu } from './language-menu.tsx';
import { MainNav } from './main-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function Header() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const signOut = useSetAtom(signOutAtom);
  return (
    <header className="header">
      <div className="header-inner">
        <Link to="/chat" className="brand-mark" aria-label={t`Amity home`}>
          <span className="brand-logo" aria-hidden="true">
            A
          </span>
          <span className="brand-word">Amity</span>
        </Link>
        <MainNav variant="top" />
        <SearchBox onSearch={() => void navigate({ to: '/search' })} />
        <div className="header-tools">
          <InstallButton />
          <ThemeToggle />
          <LanguageMenu compact />
          <UserMenu
            username={user?.username ?? ''}
            avatar={user?.avatar}
            onNavigate={(to) => void navigate({ to })}
            onSignOut={async () => {
              await stopPushOnSignOut();
              // Clearing the token also closes the socket (app/socket-wiring.ts follows the token).
              await signOut();
              await navigate({ to: '/login', replace: true });
            }}
          />
        </div>
      </div>
    </header>
  );
}
