import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { unreadCountAtom } from '#features/chat/index.ts';
import { ChatIcon, CrownIcon, SquareIcon, WalletIcon } from '#ui/icons.tsx';

/** Header menu (docs/product.md, Header); the same links form the bottom tab bar on phones. */
export function MainNav({ variant }: { variant: 'top' | 'bottom' }) {
  const { t } = useLingui();
  const unread = useAtomValue(unreadCountAtom);
  const items = [
    { to: '/chat', label: t`Chat`, Icon: ChatIcon, badge: unread },
    { to: '/square', label: t`Square`, Icon: SquareIcon, badge: 0 },
    { to: '/recharge', label: t`Recharge`, Icon: WalletIcon, badge: 0 },
    { to: '/vip', label: t`VIP`, Icon: CrownIcon, badge: 0 },
  ] as const;
  return (
    <nav className={`nav nav-${variant}`} aria-label={t`Main`}>
      {items.map(({ to, label, Icon, badge }) => (
        <Link
          key={to}
          to={to}
          className="nav-link"
          activeProps={{ className: 'nav-link-active', 'aria-current': 'page' }}
        >
          <span className="nav-icon">
            <Icon size={variant === 'bottom' ? 22 : 18} />
            {badge > 0 && (
              <span className="nav-badge">
                <span aria-hidden="true">{badge > 99 ? '99+' : badge}</span>
                <span className="sr-only">{t`${badge} unread`}</span>
              </span>
            )}
          </span>
          <span className="nav-label">{label}</span>
        </Link>
      ))}
    </nav>
  );
}
