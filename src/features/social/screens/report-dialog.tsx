import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { useToast } from '#ui/toast.tsx';
import { reportUser } from '../api.ts';

/** The six report reasons (docs/product.md, Social: type 1 to 6). */
export const REPORT_REASONS = [
  { type: 1, label: msg`Spam or advertising` },
  { type: 2, label: msg`Fraud or scam` },
  { type: 3, label: msg`Sexual or vulgar content` },
  { type: 4, label: msg`Harassment or abuse` },
  { type: 5, label: msg`Fake profile` },
  { type: 6, label: msg`Something else` },
] as const;

export function ReportDialog({
  reportedId,
  open,
  onOpenChange,
}: {
  reportedId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [type, setType] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (type === null) return;
    setBusy(true);
    try {
      await reportUser(reportedId, type);
      toast('success', t`Thank you. We will look into it.`);
      onOpenChange(false);
      setType(null);
    } catch {
      // http.ts showed the warning.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Report`}
      description={t`Why are you reporting this member?`}
    >
      <form className="form" onSubmit={submit}>
        <fieldset className="reasons">
          <legend className="sr-only">{t`Reason`}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.type} className={`reason${type === r.type ? ' reason-on' : ''}`}>
              <input type="radio" name="reason" checked={type === r.type} onChange={() => setType(r.type)} />
              <span>{i18n._(r.label)}</span>
            </label>
          ))}
        </fieldset>
        <div className="dialog-foot">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t`Cancel`}
          </Button>
          <Button type="submit" variant="danger" disabled={type === null} busy={busy}>
            {t`Send report`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
