import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { LIMITS } from '#lib/validators.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { useToast } from '#ui/toast.tsx';
import { updateProfile } from '../api.ts';

/** Edits the sign (about-me text, max 255); saving says 'Save successfully' (docs/product.md, Social). */
export function AboutMeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const id = useId();
  const toast = useToast();
  const [user, setUser] = useAtom(userInfoAtom);
  const [sign, setSign] = useState(user?.sign ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setSign(user?.sign ?? '');
  }, [open, user?.sign]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await updateProfile({ sign: sign.trim() });
      setUser(next ?? (user ? { ...user, sign: sign.trim() } : null));
      toast('success', t`Save successfully`);
      onOpenChange(false);
    } catch {
      // http.ts already showed the warning.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`About me`}>
      <form className="form" onSubmit={save}>
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {t`Tell others a little about yourself`}
          </label>
          <textarea
            dir="auto"
            id={id}
            className="input textarea"
            rows={5}
            maxLength={LIMITS.sign}
            value={sign}
            onChange={(e) => setSign(e.target.value)}
          />
          <p className="field-hint counter">
            {sign.length}/{LIMITS.sign}
          </p>
        </div>
        <div className="dialog-foot">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t`Cancel`}
          </Button>
          <Button type="submit" busy={busy}>
            {t`Save`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
