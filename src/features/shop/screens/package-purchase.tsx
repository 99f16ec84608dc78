/**
 * Buying characters or gold coins, for oneself (/recharge) or as a gift (the send-characters and send-gold dialogs):
 * the package list, the blessing for a gift, 'Total price: $' and Payment, which opens the pay dialog.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { Catalogue } from '../catalogue.ts';
import { Checkout, type Recipient } from './checkout.tsx';
import { PackageList } from './package-list.tsx';

interface PackagePurchaseProps {
  kind: 'character' | 'gold';
  catalogue: Catalogue;
  /** Undefined buys for oneself. */
  recipient?: Recipient;
  canPay: boolean;
  legend: ReactNode;
  onPaid?: () => void;
}

export function PackagePurchase({ kind, catalogue, recipient, canPay, legend, onPaid }: PackagePurchaseProps) {
  const { t, i18n } = useLingui();
  const specs = kind === 'character' ? catalogue.characters : catalogue.gold;
  const [specId, setSpecId] = useState<number | null>(null);
  const spec = specs.find((s) => s.id === specId);
  const label = (num: number) => {
    const n = i18n.number(num);
    return kind === 'character' ? t`${n} characters` : t`${n} gold coins`;
  };
  return (
    <div className="purchase">
      <PackageList
        legend={legend}
        name={`${kind}-${recipient?.id ?? 'me'}`}
        options={specs.map((s) => ({ id: s.id, label: label(s.num), amount: s.amount }))}
        value={specId}
        onChange={setSpecId}
      />
      <Checkout
        type={kind}
        spec={spec}
        what={spec ? label(spec.num) : ''}
        recipient={recipient}
        canPay={canPay}
        chooseFirst={t`Choose a package first.`}
        pay={catalogue.pay}
        onPaid={onPaid}
      />
    </div>
  );
}
