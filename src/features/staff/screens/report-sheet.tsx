/**
 * The side sheet of one report: who reported whom and why, the reported member's recent messages and moments, and
 * the resolution (dismiss, warn, suspend for 1 or 7 days or for good) with a note.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { usePermission } from '#features/auth/permission.tsx';
import type { MemberActivity, StaffReport } from '#protocol/staff.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { ChoiceGroup } from '#ui/field.tsx';
import { fetchActivity, resolveReport } from '../staff.api.ts';
import { useActionName } from './audit-screen.tsx';
import { NoteField, SuspendForField } from './member-actions.tsx';
import { useReasonName } from './reason-name.ts';
import { when } from './use-page.ts';

export function ReportSheet({
  report,
  onClose,
  onResolved,
}: {
  report: StaffReport | null;
  onClose: () => void;
  onResolved: () => void;
}) {
  const { t } = useLingui();
  const reasonName = useReasonName();
  const actionName = useActionName();
  const mayResolve = usePermission('report:resolve');
  const maySuspend = usePermission('member:suspend');
  const [activity, setActivity] = useState<MemberActivity | null>(null);
  const [action, setAction] = useState('dismiss');
  const [days, setDays] = useState('1');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setActivity(null);
    setAction('dismiss');
    setNote('');
    if (!report) return;
    let live = true;
    fetchActivity(report.reported.id)
      .then((a) => live && setActivity(a))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [report]);

  const submit = async () => {
    if (!report) return;
    setBusy(true);
    try {
      await resolveReport(report.id, { action, note, ...(action === 'suspend' ? { days: Number(days) } : {}) });
      onResolved();
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const actions = [
    { value: 'dismiss', label: t`Dismiss` },
    { value: 'warn', label: t`Warn (a message to the member)` },
    ...(maySuspend ? [{ value: 'suspend', label: t`Suspend` }] : []),
  ];

  return (
    <Dialog
      open={report !== null}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={report ? t`Report ${report.id}` : ''}
      footer={
        report?.status === 'open' && mayResolve ? (
          <>
            <Button variant="secondary" onClick={onClose}>{t`Cancel`}</Button>
            <Button variant={action === 'suspend' ? 'danger' : 'primary'} busy={busy} onClick={submit}>
              {t`Resolve`}
            </Button>
          </>
        ) : undefined
      }
    >
      {report && (
        <div className="sheet-body">
          <dl className="staff-facts">
            <dt>{t`Reporter`}</dt>
            <dd>
              <bdi>{report.reporter.username}</bdi>
            </dd>
            <dt>{t`Reported member`}</dt>
            <dd>
              <bdi>{report.reported.username}</bdi>
            </dd>
            <dt>{t`Reason`}</dt>
            <dd>{reasonName(report.type)}</dd>
            <dt>{t`Time`}</dt>
            <dd>{when(report.createdAt)}</dd>
            <dt>{t`Open reports on them`}</dt>
            <dd>{report.count}</dd>
            {report.status === 'resolved' && (
              <>
                <dt>{t`Resolution`}</dt>
                <dd>
                  {actionName(`report.${report.action}`)} · <bdi>{report.resolvedBy?.username}</bdi> ·{' '}
                  {when(report.resolvedAt)}
                  {report.note && <p dir="auto">{report.note}</p>}
                </dd>
              </>
            )}
          </dl>
          <h3 className="staff-h3">{t`Recent messages`}</h3>
          {!activity ? (
            <p className="muted">{t`Loading…`}</p>
          ) : activity.messages.length === 0 ? (
            <p className="muted">{t`No messages.`}</p>
          ) : (
            <ul className="activity-list">
              {activity.messages.map((m) => (
                <li key={m.id}>
                  <time className="muted">{when(m.createdAt)}</time>
                  {m.type === 2 ? (
                    <img src={m.msg} alt={t`Sent by the member`} className="activity-photo" />
                  ) : (
                    <p dir="auto">{m.msg}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h3 className="staff-h3">{t`Recent moments`}</h3>
          {activity && activity.moments.length === 0 && <p className="muted">{t`No moments.`}</p>}
          <ul className="activity-list">
            {activity?.moments.map((m) => (
              <li key={m.id}>
                <time className="muted">{when(m.createdAt)}</time>
                <p dir="auto">{m.text}</p>
                {m.images.map((src) => (
                  <img key={src} src={src} alt={t`Part of the moment`} className="activity-photo" />
                ))}
              </li>
            ))}
          </ul>
          {report.status === 'open' && mayResolve && (
            <div className="resolve-form">
              <ChoiceGroup legend={t`Resolve`} name="action" value={action} onChange={setAction} options={actions} />
              {action === 'suspend' && <SuspendForField value={days} onChange={setDays} />}
              <NoteField value={note} onChange={setNote} />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
