import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CrownIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/vip')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <ComingSoonPage
        title={t`VIP`}
        icon={<CrownIcon size={36} />}
        text={t`VIP and senior memberships are on their way.`}
      />
    );
  },
});
