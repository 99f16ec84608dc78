import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HeartIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/i/like')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <ComingSoonPage
        title={t`Who I liked`}
        icon={<HeartIcon size={36} />}
        text={t`Members you liked will be listed here.`}
      />
    );
  },
});
