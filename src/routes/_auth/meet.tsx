import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchMeet, MemberList } from '#features/social/index.ts';
import { parsePageSearch } from '#features/social/lite.ts';
import { SparkleIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/meet')({
  validateSearch: parsePageSearch,
  component: MeetScreen,
});

function MeetScreen() {
  const { t } = useLingui();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPageChange = useCallback((p: number) => void navigate({ search: p > 1 ? { page: p } : {} }), [navigate]);
  return (
    <Page title={t`Meet`}>
      <p className="page-lead">{t`Members to get to know: those promoting themselves first, then the newest.`}</p>
      <MemberList
        routeName="meet"
        label={t`Members to meet`}
        page={page}
        onPageChange={onPageChange}
        load={fetchMeet}
        empty={{
          icon: <SparkleIcon size={36} />,
          title: t`No one to meet yet`,
          text: t`New members will appear here as they join.`,
        }}
      />
    </Page>
  );
}
