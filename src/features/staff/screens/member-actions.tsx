/** Suspending a member (1 day, 7 days, for good, with a note) and granting characters or gold with a reason. */
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { GRANT_DECIMALS, GRANT_MAX, NOTE_MAX, type StaffMember } from '#protocol/staff.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { ChoiceGroup, SelectField, TextField } from '#ui/field.tsx';
import { numberOf } from '#ui/number-input.rules.ts';
import { NumberInput } from '#ui/number-input.tsx';
import { grantMember, suspendMember } from '../staff.api.ts';

/** How long a suspension runs: 1 day, 7 days or for good (the value is the days, 0 for permanent). */
export function SuspendForField({ value, onChange }: { value: string; onChange: (days: string) => void }) {
  const { t } = useLingui();
  return (
    <SelectField
      label={t`Suspend for`}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={[
        { value: '1', label: t`1 day` },
        { value: '7', label: t`7 days` },
        { value: '0', label: t`Permanently` },
      ]}
    />
  );
}

/** A staff action's note (at most NOTE_MAX characters), kept in the audit log. */
export function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{t`Note`}</label>
      <textarea
        id={id}
        className="input textarea"
        maxLength={NOTE_MAX}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}

interface ActionProps {
  member: StaffMember;
  open: boolean;
  onDone: () => void;
  onCancel: () => void;
}

export function SuspendDialog({ member, open, onDone, onCancel }: ActionProps) {
  const { t } = useLingui();
  const [days, setDays] = useState('1');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await suspendMember(member.id, Number(days), note);
      onDone();
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={t`Suspend ${member.username}`}
      description={t`The member is signed out at once, cannot sign in until the end, and disappears from lists.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t`Cancel`}</Button>
          <Button variant="danger" busy={busy} onClick={submit}>{t`Suspend`}</Button>
        </>
      }
    >
      <div className="form">
        <SuspendForField value={days} onChange={setDays} />
        <NoteField value={note} onChange={setNote} />
      </div>
    </Dialog>
  );
}

export function GrantDialog({ member, open, onDone, onCancel }: ActionProps) {
  const { t } = useLingui();
  const [kind, setKind] = useState<'character' | 'gold'>('gold');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = numberOf(amount);
    const next = {
      amount:
        value === undefined || value <= 0
          ? kind === 'gold'
            ? t`Please enter gold coins`
            : t`Please enter the number of coins`
          : undefined,
      reason: reason.trim() === '' ? t`Please enter something` : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason || value === undefined) return;
    setBusy(true);
    try {
      await grantMember(member.id, kind, value, reason.trim());
      setAmount('');
      setReason('');
      onDone();
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={t`Grant to ${member.username}`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t`Cancel`}</Button>
          <Button busy={busy} onClick={submit}>{t`Grant`}</Button>
        </>
      }
    >
      <div className="form">
        <ChoiceGroup
          legend={t`What`}
          name="grant-kind"
          value={kind}
          onChange={(v) => {
            setKind(v as 'character' | 'gold');
            setAmount('');
          }}
          options={[
            { value: 'gold', label: t`Gold coins` },
            { value: 'character', label: t`Characters` },
          ]}
        />
        <NumberInput
          label={kind === 'gold' ? t`Gold coins` : t`Characters`}
          value={amount}
          onChange={setAmount}
          decimals={GRANT_DECIMALS[kind]}
          max={GRANT_MAX[kind]}
          error={errors.amount}
          hint={t`At most ${GRANT_MAX[kind]}`}
          required
        />
        <TextField
          label={t`Reason`}
          value={reason}
          maxLength={NOTE_MAX}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          required
        />
      </div>
    </Dialog>
  );
}
