import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchLikedMe, MemberList } from '#features/social/index.ts';
import { parsePageSearch } from '#features/social/lite.ts';
import { buttonClass } from '#ui/button.tsx';
import { HeartIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/like/me')({
  validateSearch: parsePageSearch,
  component: LikedMeScreen,
});

function LikedMeScreen() {
  const { t } = useLingui();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPageChange = useCallback((p: number) => void navigate({ search: p > 1 ? { page: p } : {} }), [navigate]);
  return (
    <Page title={t`Who liked me`}>
      <MemberList
        routeName="like-me"
        label={t`Members who liked you`}
        page={page}
        onPageChange={onPageChange}
        load={fetchLikedMe}
        empty={{
          icon: <HeartIcon size={36} />,
          title: t`No one has liked you yet`,
          text: t`A friendly photo and a few words about yourself help. Say hello to someone new in the meantime.`,
          action: (
            <Link to="/meet" className={buttonClass('primary')}>
              {t`Meet people`}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
