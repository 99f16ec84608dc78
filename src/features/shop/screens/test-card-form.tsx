/**
 * The sandbox provider's test card form (docs/api.md, Commerce: POST /api/pay/sandbox/orders/{id}/approve), shown
 * instead of PayPal when the server runs the sandbox. Clearly test mode: no real card, no real money.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/field.tsx';
import { InfoIcon } from '#ui/more-icons.tsx';
import { dollars } from '../shop.rules.ts';

export const TEST_CARD = '4111 1111 1111 1111';

interface TestCardFormProps {
  amount: number;
  busy: boolean;
  onPay: (cardNumber: string) => void;
  onCancel: () => void;
}

export function TestCardForm({ amount, busy, onPay, onCancel }: TestCardFormProps) {
  const { t } = useLingui();
  const [card, setCard] = useState('');
  const [error, setError] = useState('');
  const price = dollars(amount);
  return (
    <form
      className="test-card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (card.replace(/\D/g, '').length < 12) return setError(t`Please enter the test card number`);
        setError('');
        onPay(card);
      }}
    >
      <p className="test-mode" role="note">
        <InfoIcon size={18} />
        <span>
          <strong>{t`Test mode`}</strong> {t`No real card is charged. Use the test card ${TEST_CARD}.`}
        </span>
      </p>
      <TextField
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="off"
        placeholder={TEST_CARD}
        value={card}
        maxLength={23}
        error={error || undefined}
        onChange={(e) => setCard(e.target.value.replace(/[^\d ]/g, ''))}
      />
      <div className="test-card-actions">
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          {t`Cancel payment`}
        </Button>
        <Button type="submit" busy={busy}>
          {t`Pay $${price}`}
        </Button>
      </div>
    </form>
  );
}
