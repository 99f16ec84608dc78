/** /homepage/{userId}: that member's moments ('My moments' for oneself), beside the friend-info panel. */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { BackButton } from '#ui/back-button.tsx';
import { buttonClass } from '#ui/button.tsx';
import { ImageIcon } from '#ui/more-icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { fetchMemberMoments } from '../moments.api.ts';
import { useMomentFeed } from '../use-moment-feed.ts';
import { MomentFeed } from './moment-feed.tsx';

/** A member's moments once their texts (the screens catalog) are in. */
export function HomepageMoments({ userId }: { userId: number }) {
  return (
    <ScreenCatalog>
      <Homepage userId={userId} />
    </ScreenCatalog>
  );
}

function Homepage({ userId }: { userId: number }) {
  const { t } = useLingui();
  const me = useAtomValue(userInfoAtom);
  const mine = me?.id === userId;
  const load = useCallback((cursor?: string) => fetchMemberMoments(userId, { cursor }), [userId]);
  const feed = useMomentFeed(load, `user:${userId}`);
  return (
    <Page title={mine ? t`My moments` : t`Moments`} back={<BackButton />}>
      <MomentFeed
        feed={feed}
        myId={me?.id ?? null}
        label={mine ? t`My moments` : t`This member's moments`}
        empty={
          mine
            ? {
                icon: <ImageIcon size={36} />,
                title: t`You have not shared a moment yet`,
                text: t`Moments you post on the square appear here too.`,
                action: (
                  <Link to="/square" className={buttonClass('primary')}>
                    {t`Go to the square`}
                  </Link>
                ),
              }
            : {
                icon: <ImageIcon size={36} />,
                title: t`No moments yet`,
                text: t`This member has not shared a moment yet.`,
              }
        }
      />
    </Page>
  );
}
