// biome-ignore-all lint/style/useFilenamingConvention: TanStack file routes spell params and splats with `$`.
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HomepageMoments } from '#features/moments/page.ts';
import { EmptyState } from '#ui/empty-state.tsx';
import { AlertIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';

/** A member's moments; the layout shows the friend panel (or mine) beside it. */
export const Route = createFileRoute('/_auth/homepage/$userId')({
  component: HomepageScreen,
});

function HomepageScreen() {
  const { t } = useLingui();
  const { userId } = Route.useParams();
  if (!/^[1-9]\d{0,15}$/.test(userId)) {
    return (
      <Page title={t`Moments`}>
        <EmptyState icon={<AlertIcon size={36} />} title={t`No such member`} />
      </Page>
    );
  }
  return <HomepageMoments userId={Number(userId)} />;
}
