import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchMyLikes, MemberList } from '#features/social/index.ts';
import { parsePageSearch } from '#features/social/lite.ts';
import { buttonClass } from '#ui/button.tsx';
import { HeartIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/i/like')({
  validateSearch: parsePageSearch,
  component: MyLikesScreen,
});

function MyLikesScreen() {
  const { t } = useLingui();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPageChange = useCallback((p: number) => void navigate({ search: p > 1 ? { page: p } : {} }), [navigate]);
  return (
    <Page title={t`Who I liked`}>
      <MemberList
        routeName="i-like"
        label={t`Members you liked`}
        page={page}
        onPageChange={onPageChange}
        load={fetchMyLikes}
        empty={{
          icon: <HeartIcon size={36} />,
          title: t`You have not liked anyone yet`,
          text: t`Press Like on a member's page and they will be kept here.`,
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
