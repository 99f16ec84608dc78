import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SparkleIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/meet')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <ComingSoonPage
        title={t`Meet`}
        icon={<SparkleIcon size={36} />}
        text={t`New people to meet will be suggested here.`}
      />
    );
  },
});
