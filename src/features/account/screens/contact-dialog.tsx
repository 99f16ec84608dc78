import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '#ui/dialog.tsx';
import { MailIcon } from '#ui/more-icons.tsx';

const SUPPORT_EMAIL = 'support@amity.example';

export function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Contact us`}
      description={t`Questions about your account, payments or another member? Write to us and we answer within one working day.`}
    >
      <a className="contact-mail" href={`mailto:${SUPPORT_EMAIL}`}>
        <MailIcon />
        <span>
          <Trans>E-mail</Trans>: {SUPPORT_EMAIL}
        </span>
      </a>
    </Dialog>
  );
}
