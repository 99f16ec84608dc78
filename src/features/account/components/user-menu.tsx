import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Avatar } from '#ui/avatar.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { ChevronDownIcon, LockIcon, LogOutIcon, UserIcon } from '#ui/icons.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '#ui/menu.tsx';

export interface UserMenuProps {
  username: string;
  avatar?: string | null;
  onNavigate: (to: '/profile' | '/change/password') => void;
  /** Called only after the reader confirms (spec 2: sign-out asks first). */
  onSignOut: () => void | Promise<void>;
}

export function UserMenu({ username, avatar, onNavigate, onSignOut }: UserMenuProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu>
        <MenuTrigger className="user-trigger" aria-label={t`Account menu`}>
          <Avatar src={avatar} name={username || '?'} size={32} />
          <span className="user-trigger-name">{username}</span>
          <ChevronDownIcon size={16} />
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>{username}</MenuLabel>
          <MenuItem onSelect={() => onNavigate('/profile')}>
            <UserIcon size={18} />
            <Trans>My profile</Trans>
          </MenuItem>
          <MenuItem onSelect={() => onNavigate('/change/password')}>
            <LockIcon size={18} />
            <Trans>Change password</Trans>
          </MenuItem>
          <MenuSeparator />
          <MenuItem className="menu-item-danger" onSelect={() => setConfirming(true)}>
            <LogOutIcon size={18} />
            <Trans>Sign out</Trans>
          </MenuItem>
        </MenuContent>
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
