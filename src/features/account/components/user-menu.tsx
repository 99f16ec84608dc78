import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Avatar } from '#ui/avatar.tsx';
import { ConfirmDialog, preloadConfirmDialog } from '#ui/confirm-dialog.tsx';
import { ChevronDownIcon, LockIcon, LogOutIcon, UserIcon } from '#ui/icons.tsx';
import { Menu } from '#ui/menu.tsx';

interface UserMenuProps {
  username: string;
  avatar?: string | null;
  onNavigate: (to: '/profile' | '/change/password') => void;
  /** Called only after the reader confirms (docs/product.md, Header: sign-out asks first). */
  onSignOut: () => void | Promise<void>;
}

export function UserMenu({ username, avatar, onNavigate, onSignOut }: UserMenuProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu
        triggerProps={{ className: 'user-trigger', 'aria-label': t`Account menu` }}
        trigger={
          <>
            <Avatar src={avatar} name={username || '?'} size={32} />
            <bdi className="user-trigger-name">{username}</bdi>
            <ChevronDownIcon size={16} />
          </>
        }
        // The sign-out question is one choice away once the menu is open: fetch it now, not after the choice.
        onOpenChange={(open) => open && preloadConfirmDialog()}
      >
        {(M) => (
          <M.Content>
            <M.Label>
              <bdi>{username}</bdi>
            </M.Label>
            <M.Item onSelect={() => onNavigate('/profile')}>
              <UserIcon size={18} />
              <Trans>My profile</Trans>
            </M.Item>
            <M.Item onSelect={() => onNavigate('/change/password')}>
              <LockIcon size={18} />
              <Trans>Change password</Trans>
            </M.Item>
            <M.Separator />
            <M.Item className="menu-item-danger" onSelect={() => setConfirming(true)}>
              <LogOutIcon size={18} />
              <Trans>Sign out</Trans>
            </M.Item>
          </M.Content>
        )}
      </Menu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Sign out?`}
        description={t`You will need your password to sign in again.`}
        cancelLabel={t`Cancel`}
        confirmLabel={t`Sign out`}
        tone="danger"
        onConfirm={() => void onSignOut()}
      />
    </>
  );
}
