import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchVisitors, fullTime, MemberList, relativeTime } from '#features/social/index.ts';
import { parsePageSearch } from '#features/social/lite.ts';
import type { Visitor } from '#protocol/social.ts';
import { EyeIcon } from '#ui/more-icons.tsx';
import { Page } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/visitor')({
  validateSearch: parsePageSearch,
  component: VisitorsScreen,
});

function VisitorsScreen() {
  const { t, i18n } = useLingui();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPageChange = useCallback((p: number) => void navigate({ search: p > 1 ? { page: p } : {} }), [navigate]);
  const note = (v: Visitor) => {
    const when = relativeTime(v.visitedAt, new Date(), i18n.locale);
    return (
      <time dateTime={v.visitedAt} title={fullTime(v.visitedAt, i18n.locale)}>
        <EyeIcon size={14} /> {t`Visited ${when}`}
      </time>
    );
  };
  return (
    <Page title={t`Visitors`}>
      <MemberList
        routeName="visitor"
        label={t`Members who visited your page`}
        page={page}
        onPageChange={onPageChange}
        load={fetchVisitors}
        note={note}
        empty={{
          icon: <EyeIcon size={36} />,
          title: t`No visitors yet`,
          text: t`When members open your page, they appear here with the time of their visit.`,
        }}
      />
    </Page>
  );
}
