import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { characterCount, currentMember, goldCount } from '#protocol/user.ts';
import { Avatar } from '#ui/avatar.tsx';
import { HeartIcon } from '#ui/icons.tsx';
import { CoinIcon, EyeIcon, ImageIcon, InfoIcon, MailIcon, TextIcon } from '#ui/more-icons.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { IdentityMark, LevelBadge } from '../components/level-badge.tsx';
import { AboutMeDialog } from './about-me-dialog.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { PanelRow } from './panel-row.tsx';

// The identity mark reads the shop's catalogue: loaded after the panel, never with it.

/** Spec 2 user-info panel: who I am, my balances, and the ways to my visitors, moments and likes. */
/** Its texts are in the screens catalog (the layout loads it with this chunk). */
export function UserInfoPanel() {
  return (
    <ScreenCatalog>
      <Panel />
    </ScreenCatalog>
  );
}

function Panel() {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const [dialog, setDialog] = useState<'about' | 'contact' | null>(null);
  const member = currentMember(user?.memberRemainingList ?? []);
  const name = user?.username ?? '';
  const days = member.remainingDay;
  return (
    <nav className="panel" aria-label={t`My space`}>
      <div className="panel-profile">
        <Avatar src={user?.avatar} name={name || '?'} size={64} />
        <div className="panel-who">
          <strong className="panel-name">
            <bdi>{name}</bdi>
          </strong>
          <span className="panel-level">
            <LevelBadge levelName={member.levelName} />
            <IdentityMark levelName={member.levelName} />
          </span>
          {member.remainingDay > 0 && (
            <span className="muted small">
              <Trans>{days} days left</Trans>
            </span>
          )}
        </div>
      </div>
      {user?.sign && (
        <p className="panel-sign" dir="auto">
          {user.sign}
        </p>
      )}
      <dl className="panel-stats">
        <div>
          <dt>
            <TextIcon size={16} />
            <Trans>Characters</Trans>
          </dt>
          {/* Product section 3: characterCount is buy + give + register; today's free characters are apart. */}
          <dd>{user ? characterCount(user) : '—'}</dd>
        </div>
        <div>
          <dt>
            <TextIcon size={16} />
            <Trans>Free today</Trans>
          </dt>
          <dd>{user ? (user.dayCharacterCount ?? 0) : '—'}</dd>
        </div>
        <div>
          <dt>
            <CoinIcon size={16} />
            <Trans>Gold coins</Trans>
          </dt>
          <dd>{user ? goldCount(user) : '—'}</dd>
        </div>
      </dl>
      <p className="muted small panel-note">
        <Trans>Free characters renew each day at 00:00 UTC and do not carry over.</Trans>
      </p>
      <ul className="panel-links">
        <li>
          <Link to="/visitor" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <PanelRow icon={EyeIcon}>
              <Trans>Visitors</Trans>
            </PanelRow>
          </Link>
        </li>
        <li>
          <Link
            to="/homepage/$userId"
            params={{ userId: String(user?.id ?? '') }}
            className="panel-link"
            activeProps={{ 'aria-current': 'page' }}
          >
            <PanelRow icon={ImageIcon}>
              <Trans>My moments</Trans>
            </PanelRow>
          </Link>
        </li>
        <li>
          <Link to="/like/me" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <PanelRow icon={HeartIcon}>
              <Trans>Who liked me</Trans>
            </PanelRow>
          </Link>
        </li>
        <li>
          <Link to="/i/like" className="panel-link" activeProps={{ 'aria-current': 'page' }}>
            <PanelRow icon={HeartIcon}>
              <Trans>Who I liked</Trans>
            </PanelRow>
          </Link>
        </li>
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('about')}>
            <PanelRow icon={InfoIcon}>
              <Trans>About me</Trans>
            </PanelRow>
          </button>
        </li>
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('contact')}>
            <PanelRow icon={MailIcon}>
              <Trans>Contact us</Trans>
            </PanelRow>
          </button>
        </li>
      </ul>
      <AboutMeDialog open={dialog === 'about'} onOpenChange={(o) => setDialog(o ? 'about' : null)} />
      <ContactDialog open={dialog === 'contact'} onOpenChange={(o) => setDialog(o ? 'contact' : null)} />
    </nav>
  );
}
