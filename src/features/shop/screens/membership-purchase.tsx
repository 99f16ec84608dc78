/**
 * Buying a membership, for oneself (/vip) or as a gift (the membership dialog): tabs VIP (0) and Senior (1), where a
 * tab change selects that config and clears the chosen plan; the month plans; the privileges and the UTC note; the
 * blessing for a gift; 'Total price: $' and Payment.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { currentMember, LEVEL_SENIOR } from '#protocol/user.ts';
import { Tabs } from '#ui/tabs.tsx';
import type { Catalogue } from '../catalogue.ts';
import { chooseTab, chosenPlan, type PlanChoice, seniorRefused } from '../shop.rules.ts';
import { Checkout, type Recipient } from './checkout.tsx';
import { PackageList } from './package-list.tsx';
import { Privileges } from './privileges.tsx';

interface MembershipPurchaseProps {
  catalogue: Catalogue;
  recipient?: Recipient;
  canPay: boolean;
  onPaid?: () => void;
}

export function MembershipPurchase({ catalogue, recipient, canPay, onPaid }: MembershipPurchaseProps) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<PlanChoice>({ tab: 0, specId: null });
  const configs = catalogue.members;
  const { config, spec } = chosenPlan(configs, choice);
  const levelLabel = (levelName: string) => (levelName === LEVEL_SENIOR ? t`Senior` : t`VIP`);
  const months = (n: number) => plural(n, { one: '# month', other: '# months' });
  const level = config ? levelLabel(config.levelName) : '';
  const term = spec ? months(spec.monthNum) : '';
  const what = spec ? `${level} · ${term}` : '';
  const me = useAtomValue(userInfoAtom);
  const holderLevel = recipient ? recipient.levelName : currentMember(me?.memberRemainingList ?? []).levelName;
  const refused = seniorRefused(holderLevel, config)
    ? t`The user is already a VIP and cannot purchase premium membership`
    : undefined;
  return (
    <div className="purchase">
      <Tabs
        label={t`Membership`}
        value={String(choice.tab)}
        onValueChange={(v) => setChoice((c) => chooseTab(c, Number(v)))}
        items={configs.map((c, i) => ({ value: String(i), label: levelLabel(c.levelName) }))}
      >
        {config && (
          <div className="membership-body">
            <PackageList
              legend={t`Choose a plan`}
              name={`plan-${recipient?.id ?? 'me'}-${choice.tab}`}
              options={config.specs.map((s) => ({ id: s.id, label: months(s.monthNum), amount: s.amount }))}
              value={choice.specId}
              onChange={(id) => setChoice((c) => ({ ...c, specId: id }))}
            />
            <Privileges config={config} />
          </div>
        )}
      </Tabs>
      <Checkout
        type="member"
        spec={spec}
        what={what}
        recipient={recipient}
        canPay={canPay}
        chooseFirst={t`Choose a plan first.`}
        pay={catalogue.pay}
        onPaid={onPaid}
        refused={refused}
      />
    </div>
  );
}
