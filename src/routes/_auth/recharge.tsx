import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

export const Route = createFileRoute('/_auth/recharge')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <ComingSoonPage
        title={t`Recharge`}
        icon={<WalletIcon size={36} />}
        text={t`Buy translation characters and gold coins here.`}
      />
    );
  },
});
