/** Catalogue editing: character and gold packages and membership plans (prices, amounts, allowances, identity mark). */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { CataloguePlanRow, CatalogueSpecRow, StaffCatalogue } from '#protocol/staff.ts';
import { CATALOGUE_MAX } from '#protocol/staff.ts';
import { LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import { Button } from '#ui/button.tsx';
import { numberOf } from '#ui/number-input.rules.ts';
import { NumberInput } from '#ui/number-input.tsx';
import { useToast } from '#ui/toast.tsx';
import { editPackage, editPlan, fetchCatalogue } from '../staff.api.ts';

export function CatalogueScreen() {
  const { t } = useLingui();
  const [catalogue, setCatalogue] = useState<StaffCatalogue | null>(null);
  useEffect(() => {
    fetchCatalogue()
      .then(setCatalogue)
      .catch(() => {});
  }, []);
  const level = useLevelLabel();
  if (!catalogue) return <p className="muted">{t`Loading…`}</p>;
  const kindName = (s: CatalogueSpecRow) =>
    s.type === 'character'
      ? t`Characters`
      : s.type === 'gold'
        ? t`Gold coins`
        : t`${level(s.levelName ?? '')} membership, months`;
  // Characters, gold, then each level's months in order (the server sorts by price only).
  const specs = [...catalogue.specs].sort(
    (a, b) => a.type.localeCompare(b.type) || (a.levelName ?? '').localeCompare(b.levelName ?? '') || a.num - b.num,
  );
  return (
    <section aria-labelledby="catalogue-title" className="staff-section">
      <h2 id="catalogue-title" className="staff-h2">{t`Catalogue`}</h2>
      <p className="muted">{t`Members see a change the next time they open the shop.`}</p>
      <h3 className="staff-h3">{t`Packages`}</h3>
      <div className="catalogue-grid">
        {specs.map((s) => (
          <SpecRow key={s.id} spec={s} kind={kindName(s)} onSaved={setCatalogue} />
        ))}
      </div>
      <h3 className="staff-h3">{t`Membership plans`}</h3>
      <div className="catalogue-grid">
        {catalogue.plans.map((p) => (
          <PlanRow key={p.levelName} plan={p} label={level(p.levelName)} onSaved={setCatalogue} />
        ))}
      </div>
    </section>
  );
}

/** A membership level as members see it named in their language. */
export function useLevelLabel() {
  const { t } = useLingui();
  return (levelName: string) => (levelName === LEVEL_SENIOR ? t`Senior` : levelName === LEVEL_VIP ? t`VIP` : levelName);
}

function useSave() {
  const { t } = useLingui();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const save = async (call: () => Promise<StaffCatalogue>, onSaved: (c: StaffCatalogue) => void) => {
    setBusy(true);
    try {
      onSaved(await call());
      toast('success', t`Saved`);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return [busy, save] as const;
}

function SpecRow({
  spec,
  kind,
  onSaved,
}: {
  spec: CatalogueSpecRow;
  kind: string;
  onSaved: (c: StaffCatalogue) => void;
}) {
  const { t } = useLingui();
  const [num, setNum] = useState(String(spec.num));
  const [amount, setAmount] = useState(String(spec.amount));
  const [busy, save] = useSave();
  const n = numberOf(num);
  const a = numberOf(amount);
  const valid = n !== undefined && n > 0 && a !== undefined && a > 0;
  return (
    <form
      className="catalogue-row"
      aria-label={t`Package ${spec.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save(() => editPackage(spec.id, n, a), onSaved);
      }}
    >
      <span className="catalogue-kind">
        {kind} <span className="muted">#{spec.id}</span>
      </span>
      <NumberInput label={t`Amount`} value={num} onChange={setNum} decimals={0} max={CATALOGUE_MAX.num} />
      <NumberInput label={t`Price (USD)`} value={amount} onChange={setAmount} decimals={2} max={CATALOGUE_MAX.amount} />
      <Button type="submit" size="sm" busy={busy} disabled={!valid}>{t`Save`}</Button>
    </form>
  );
}

function PlanRow({
  plan,
  label,
  onSaved,
}: {
  plan: CataloguePlanRow;
  label: string;
  onSaved: (c: StaffCatalogue) => void;
}) {
  const { t } = useLingui();
  const [day, setDay] = useState(String(plan.dayCharacters));
  const [videos, setVideos] = useState(String(plan.monthVideos));
  const [identity, setIdentity] = useState(plan.showIdentity);
  const [busy, save] = useSave();
  const d = numberOf(day);
  const v = numberOf(videos);
  const valid = d !== undefined && v !== undefined;
  return (
    <form
      className="catalogue-row"
      aria-label={t`Plan ${label}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid)
          void save(
            () => editPlan(plan.levelName, { dayCharacters: d, monthVideos: v, showIdentity: identity }),
            onSaved,
          );
      }}
    >
      <span className="catalogue-kind">{label}</span>
      <NumberInput
        label={t`Day characters`}
        value={day}
        onChange={setDay}
        decimals={0}
        max={CATALOGUE_MAX.dayCharacters}
      />
      <NumberInput
        label={t`Videos a month`}
        value={videos}
        onChange={setVideos}
        decimals={0}
        max={CATALOGUE_MAX.monthVideos}
      />
      <label className="choice catalogue-check">
        <input type="checkbox" checked={identity} onChange={(e) => setIdentity(e.currentTarget.checked)} />
        <span>{t`Identity mark`}</span>
      </label>
      <Button type="submit" size="sm" busy={busy} disabled={!valid}>{t`Save`}</Button>
    </form>
  );
}
