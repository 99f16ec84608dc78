// biome-ignore-all lint/style/useFilenamingConvention: TanStack file routes spell params and splats with `$`.
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ImageIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

/** A member's moments; the layout shows the friend panel (or mine) beside it. */
export const Route = createFileRoute('/_auth/homepage/$userId')({
  component: HomepageScreen,
});

function HomepageScreen() {
  const { t } = useLingui();
  return (
    <ComingSoonPage
      title={t`Moments`}
      icon={<ImageIcon size={36} />}
      text={t`Photos and posts from this member will appear here.`}
    />
  );
}
