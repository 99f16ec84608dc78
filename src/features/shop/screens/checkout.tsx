/**
 * The end of every purchase form: the blessing for a gift, 'Total price: $' with the amount, and the Payment button
 * that opens the pay dialog for the chosen package or plan.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { BuyType, PayConfig } from '#protocol/commerce.ts';
import { isolate } from '#ui/bidi.ts';
import { Button } from '#ui/button.tsx';
import { blessingTooLong, dollars } from '../shop.rules.ts';
import { BlessingField } from './blessing-field.tsx';
import { PayDialog } from './pay-dialog.tsx';

export interface Recipient {
  id: number;
  name: string;
  /** Her level now, when known (senior cannot be bought for a VIP). */
  levelName?: string;
}

interface CheckoutProps {
  type: BuyType;
  /** The chosen package or plan, if any, and what it is in words ('10 gold coins'). */
  spec: { id: number; amount: number } | undefined;
  what: string;
  /** Undefined buys for oneself. */
  recipient: Recipient | undefined;
  /** Offline or a copy from IndexedDB that could not be refreshed: prices show, paying waits. */
  canPay: boolean;
  /** Why Payment waits while nothing is chosen. */
  chooseFirst: string;
  pay: PayConfig;
  onPaid: (() => void) | undefined;
  /** A reason this cannot be bought at all, shown in place of Payment's hint. */
  refused?: string | undefined;
}

export function Checkout({ type, spec, what, recipient, canPay, chooseFirst, pay, onPaid, refused }: CheckoutProps) {
  const { t } = useLingui();
  const [blessing, setBlessing] = useState('');
  const [paying, setPaying] = useState(false);
  const hint = !canPay ? t`Connect to the internet to pay.` : !spec ? chooseFirst : undefined;
  const name = isolate(recipient?.name ?? '');
  return (
    <>
      {recipient && <BlessingField value={blessing} onChange={setBlessing} />}
      {refused && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
      <div className="checkout">
        <p className="checkout-total" aria-live="polite">
          {t`Total price: $`}
          <strong className={spec ? undefined : 'muted'}>{dollars(spec?.amount ?? 0)}</strong>
        </p>
        <div className="checkout-action">
          {hint && <span className="muted small">{hint}</span>}
          <Button
            size="lg"
            disabled={!canPay || !spec || Boolean(refused) || blessingTooLong(blessing)}
            onClick={() => setPaying(true)}
          >
            {t`Payment`}
          </Button>
        </div>
      </div>
      {spec && (
        <PayDialog
          open={paying}
          onOpenChange={setPaying}
          pay={pay}
          summary={recipient ? t`${what} for ${name}` : what}
          targetId={recipient?.id}
          amount={spec.amount}
          type={type}
          specId={spec.id}
          blessing={blessing}
          onPaid={onPaid}
        />
      )}
    </>
  );
}
