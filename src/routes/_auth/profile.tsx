import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '#features/account/page.ts';
import { BackButton } from '#ui/back-button.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';

export const Route = createFileRoute('/_auth/profile')({
  component: function Screen() {
    const { t } = useLingui();
    return (
      <Page title={t`My profile`} back={<BackButton />}>
        <ScreenCatalog>
          <ProfilePage />
        </ScreenCatalog>
      </Page>
    );
  },
});
