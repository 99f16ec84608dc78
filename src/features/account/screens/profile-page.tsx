import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '#features/auth/index.ts';
import { PushSettings } from '#features/push/panels.ts';
import { Spinner } from '#ui/empty-state.tsx';
import { AvatarCard } from './avatar-card.tsx';
import { BlockList } from './block-list.tsx';
import { EmailCard } from './email-card.tsx';
import { ProfileForm } from './profile-form.tsx';
import './account.css';

/**
 * /profile: my photo, my details, my e-mail address and whom I blocked, each a card saved on its own. One column on
 * a phone; on a wide screen who I am on the left and how I am reached on the right.
 */
export function ProfilePage() {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  // The layout refreshes the user info at start; the stored copy normally shows at once.
  if (!user) return <Spinner label={t`Loading…`} />;
  return (
    <div className="account-cards account-columns">
      <div className="account-cards">
        <AvatarCard user={user} />
        <ProfileForm key={user.id} user={user} />
      </div>
      <div className="account-cards">
        <EmailCard email={user.email} />
        <div className="account-card">
          <PushSettings />
        </div>
        <BlockList />
      </div>
    </div>
  );
}
