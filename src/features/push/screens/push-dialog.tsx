import { useLingui } from '@lingui/react/macro';
import { Dialog } from '#ui/dialog.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { PushSettings } from './push-settings.tsx';

/** The notification button's dialog: loaded with its first opening, so the chat page pays nothing for it before. */
export function PushDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Notifications`} size="sm">
      <ScreenCatalog>
        <PushSettings heading={false} />
      </ScreenCatalog>
    </Dialog>
  );
}
