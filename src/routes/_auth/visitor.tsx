import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EyeIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/visitor')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <ComingSoonPage
        title={t`Visitors`}
        icon={<EyeIcon size={36} />}
        text={t`Members who visited your page will be listed here.`}
      />
    );
  },
});
