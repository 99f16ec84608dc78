import { useLingui } from '@lingui/react/macro';
import { Outlet, useCanGoBack, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { refreshUserInfoAtom, tokenAtom, userInfoAtom } from '#features/auth/index.ts';
import { loadUnreadAtom } from '#features/chat/index.ts';
import { panelFor } from '../panel.rules.ts';
import { useAppBadge } from '../pwa/app-badge.ts';
import { Header } from './header.tsx';
import { MainNav } from './main-nav.tsx';

// Side panels load with the routes that show them (docs/product.md, Side panels); /chat has none, so its first load
// without them. The friend panel brings the social feature (likes, report dialog) along.
// The panels' texts are in the screens catalog: each chunk's `loadTexts` brings them before the panel renders, so
// a panel and the main area still appear together (one Suspense boundary below), not a spinner first.
const FriendPanel = lazy(() =>
  import('#features/social/index.ts').then(async (m) => {
    await m.loadTexts().catch(() => {});
    return { default: m.FriendPanel };
  }),
);
const UserInfoPanel = lazy(() =>
  import('#features/account/panels.ts').then(async (m) => {
    await m.loadTexts().catch(() => {});
    return { default: m.UserInfoPanel };
  }),
);
const AccountPanel = lazy(() =>
  import('#features/account/panels.ts').then(async (m) => {
    await m.loadTexts().catch(() => {});
    return { default: m.AccountPanel };
  }),
);

/** Spec 2 layout: header, the route's side panel (left on desktop, on top on phones), the main area. */
export function AppLayout() {
  const { t } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const user = useAtomValue(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const refresh = useSetAtom(refreshUserInfoAtom);
  const loadUnread = useSetAtom(loadUnreadAtom);
  const panel = panelFor(pathname, user?.id);
  useAppBadge();

  useEffect(() => {
    // Fresh balances and permissions once per session start; the stored copy shows meanwhile.
    if (token) {
      refresh().catch(() => {});
      void loadUnread();
    }
  }, [token, refresh, loadUnread]);

  const friendId = panel === 'friend' ? decodeURIComponent(pathname.split('/')[2] ?? '') : '';
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <Header />
      <div className={`body${panel ? ' body-with-panel' : ''}`}>
        {/* One boundary for the panel and the main area: on a phone the panel sits above the main area, and the
            main area painting first then being pushed down by the panel's arrival was a layout shift of 0.37
            (Lighthouse, /square). Now they appear together. */}
        <Suspense fallback={null}>
          {panel && (
            <aside className="side">
              {panel === 'user' && <UserInfoPanel />}
              {panel === 'account' && <AccountPanel />}
              {panel === 'friend' && (
                <FriendPanel
                  key={friendId}
                  userId={friendId}
                  onChat={(id) => void navigate({ to: '/chat', search: { userId: id } })}
                  onBlocked={() => (canGoBack ? router.history.back() : void navigate({ to: '/chat' }))}
                />
              )}
            </aside>
          )}
          <main id="main" className="main" tabIndex={-1}>
            <Outlet />
          </main>
        </Suspense>
      </div>
      <MainNav variant="bottom" />
    </div>
  );
}
