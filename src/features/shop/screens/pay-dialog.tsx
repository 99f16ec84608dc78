/**
 * The pay dialog (docs/product.md, Pay dialog): given targetId, amount, type, specId and blessing, it shows the
 * payment buttons after 500 ms: gold when the balance covers the amount (else disabled, 'Not enough gold coins'),
 * and the card: PayPal's buttons when the server's provider is PayPal, the sandbox's test card form otherwise. It
 * says what happens while paying, 'Payment successful' or 'Payment canceled' at the end, and on an error what to do
 * next; a retry reuses the same order (pay.flow.ts), so it never pays twice.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { refreshUserInfoAtom, userInfoAtom } from '#features/auth/index.ts';
import { ApiError } from '#lib/http.ts';
import type { Order, PayConfig } from '#protocol/commerce.ts';
import { goldCount } from '#protocol/user.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { AlertIcon, WalletIcon } from '#ui/icons.tsx';
import { CheckIcon, CoinIcon } from '#ui/more-icons.tsx';
import { useToast } from '#ui/toast.tsx';
import { createPayFlow, newOrderId } from '../pay.flow.ts';
import { approveSandboxOrder, postPurchase } from '../shop.api.ts';
import {
  dollars,
  goldOption,
  PAY_BUTTONS_DELAY_MS,
  type PayFailure,
  type PurchaseIntent,
  payFailure,
} from '../shop.rules.ts';
import { PayPalButtons } from './paypal-buttons.tsx';
import { TestCardForm } from './test-card-form.tsx';

export interface PayDialogProps extends PurchaseIntent {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pay: PayConfig;
  /** What is bought, in words ('10,000 characters for Ana'). */
  summary: ReactNode;
  /** Closing the dialog after 'Payment successful': the caller closes what opened it too. */
  onPaid?: () => void;
}

type Phase =
  | { name: 'choose' }
  | { name: 'working'; label: string }
  | { name: 'paid' }
  | { name: 'canceled' }
  | { name: 'failed'; failure: PayFailure; message: string; retry: () => void };

export function PayDialog(props: PayDialogProps) {
  const { t } = useLingui();
  const paid = useRef(false);
  const { open, onOpenChange, onPaid } = props;
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next && paid.current) {
      paid.current = false;
      onPaid?.();
    }
  };
  return (
    <Dialog open={open} onOpenChange={change} title={t`Payment`} nested>
      {open && (
        <PayBody
          {...props}
          onOpenChange={change}
          onPaid={() => {
            paid.current = true;
          }}
        />
      )}
    </Dialog>
  );
}

function PayBody({ targetId, amount, type, specId, blessing, pay, summary, onPaid, onOpenChange }: PayDialogProps) {
  const { t } = useLingui();
  const toast = useToast();
  const user = useAtomValue(userInfoAtom);
  const refreshUser = useSetAtom(refreshUserInfoAtom);
  const [ready, setReady] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const [cardOpen, setCardOpen] = useState(false);
  // One flow per opened dialog: its order ids survive every retry.
  const flow = useMemo(
    () =>
      createPayFlow(
        { targetId, amount, type, specId, blessing },
        {
          send: (body) => postPurchase(type, targetId, body, pay.payloadKey),
          approveTestCard: approveSandboxOrder,
          newId: newOrderId,
        },
      ),
    [targetId, amount, type, specId, blessing, pay.payloadKey],
  );
  const live = useRef(true);
  // Closing the dialog on an open card order is a wallet cancel (3): nothing stays open for the reconciler to find.
  // Not while a step is on its way (its answer decides), never after success.
  const open = useRef({ flow, settled: false, working: false });
  open.current.flow = flow;
  useEffect(() => {
    live.current = true;
    const timer = setTimeout(() => setReady(true), PAY_BUTTONS_DELAY_MS);
    const state = open.current;
    return () => {
      live.current = false;
      clearTimeout(timer);
      if (!state.settled && !state.working) void state.flow.cancelCard().catch(() => {});
    };
  }, []);

  function finished(order: Order | undefined) {
    if (order?.status === 4) open.current.settled = true;
    if (!live.current) return;
    if (order && order.status === 4) {
      setPhase({ name: 'paid' });
      toast('success', t`Payment successful`);
      void refreshUser().catch(() => {});
      onPaid?.();
    } else {
      setCardOpen(false);
      setPhase({ name: 'canceled' });
      toast('info', t`Payment canceled`);
    }
  }

  async function run(
    label: string,
    work: () => Promise<Order | undefined>,
    after?: (order: Order | undefined) => void,
  ) {
    setPhase({ name: 'working', label });
    open.current.working = true;
    try {
      const order = await work();
      open.current.working = false;
      (after ?? finished)(order);
    } catch (error) {
      open.current.working = false;
      if (!live.current) return;
      const code = error instanceof ApiError ? error.code : 0;
      const message = error instanceof Error ? error.message : String(error);
      setPhase({
        name: 'failed',
        failure: payFailure(code, message),
        message,
        retry: () => void run(label, work, after),
      });
    }
  }

  const gold = goldOption(type, amount, user);
  const busy = phase.name === 'working';
  const goldBalance = goldCount(user ?? { buyGoldCount: 0, giveGoldCount: 0 });
  const payGold = () => run(t`Paying with gold coins…`, () => flow.payWithGold());
  const shown = () => {
    setPhase({ name: 'choose' });
    setCardOpen(true);
  };
  // The sandbox's order exists before its form shows, as PayPal's does before its window: Cancel then sends 3.
  const openCard = () =>
    pay.provider === 'paypal'
      ? shown()
      : run(t`Preparing the card payment…`, () => flow.openCardOrder().then(() => undefined), shown);
  const cancelCard = () => run(t`Canceling…`, () => flow.cancelCard());

  return (
    <div className="pay">
      <div className="pay-summary">
        <p className="pay-what">{summary}</p>
        <p className="pay-amount">
          <span className="muted">{t`Amount`}</span> <strong>${dollars(amount)}</strong>
        </p>
      </div>
      {!ready ? (
        <div className="pay-status" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" />
          {t`Preparing payment options…`}
        </div>
      ) : phase.name === 'paid' ? (
        <div className="pay-result pay-result-ok" role="status">
          <CheckIcon size={28} />
          <strong>{t`Payment successful`}</strong>
          <Button onClick={() => onOpenChange(false)}>{t`Done`}</Button>
        </div>
      ) : (
        <>
          {phase.name === 'canceled' && (
            <p className="pay-note" role="status">
              <strong>{t`Payment canceled`}</strong> {t`Nothing was charged. You can choose another way to pay.`}
            </p>
          )}
          {phase.name === 'failed' && (
            <PayError failure={phase.failure} message={phase.message} onRetry={phase.retry} />
          )}
          {phase.name === 'working' && (
            <div className="pay-status" role="status">
              <span className="spinner spinner-sm" aria-hidden="true" />
              {phase.label}
            </div>
          )}
          {cardOpen ? (
            pay.provider === 'paypal' && pay.clientId ? (
              <PayPalButtons
                clientId={pay.clientId}
                createOrder={() => flow.openCardOrder()}
                onApprove={(orderId) => void run(t`Confirming your payment…`, () => flow.completeCard(orderId))}
                onCancel={() => void cancelCard()}
                onBack={() => setCardOpen(false)}
              />
            ) : (
              <TestCardForm
                amount={amount}
                busy={busy}
                onPay={(card) => void run(t`Paying by card…`, () => flow.payWithTestCard(card))}
                onCancel={() => void cancelCard()}
              />
            )
          ) : (
            <div className="pay-methods">
              {gold !== 'hidden' && (
                <Button
                  variant="secondary"
                  block
                  disabled={busy || gold === 'notEnough'}
                  onClick={() => void payGold()}
                >
                  <CoinIcon size={18} />
                  {gold === 'enabled' ? t`Pay with gold coins (${goldBalance} available)` : t`Not enough gold coins`}
                </Button>
              )}
              {gold === 'notEnough' && (
                <p className="muted small pay-gold-note">{t`You have ${goldBalance} gold coins; one gold coin pays one dollar.`}</p>
              )}
              <Button block disabled={busy} onClick={() => void openCard()}>
                <WalletIcon size={18} />
                {pay.provider === 'paypal' ? t`Pay with PayPal or card` : t`Pay by card`}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function PayError({ failure, message, onRetry }: { failure: PayFailure; message: string; onRetry: () => void }) {
  const { t } = useLingui();
  const advice: Record<PayFailure, string> = {
    notEnoughGold: t`Your gold coins do not cover this any more. Pay by card, or buy gold coins on the Recharge page.`,
    notCompleted: t`The payment was not completed and nothing was charged. Try again, or use another card.`,
    providerDown: t`The payment service did not answer and nothing was charged. Try again in a moment.`,
    canceled: t`This order was canceled. Close this window and start the payment again.`,
    seniorForVip: t`The user is already a VIP and cannot purchase premium membership`,
    blocked: t`This member cannot receive gifts from you.`,
    noMember: t`This member no longer exists, so nothing was charged.`,
    declined: t`The test card was declined. Use the test card 4111 1111 1111 1111.`,
    offline: t`No connection. Check your connection and try again: you will not be charged twice.`,
    priceChanged: t`The price has changed. Close this window to see the current prices.`,
    other: t`Nothing was charged. Try again; if it keeps failing, contact us from your space.`,
  };
  const final =
    failure === 'declined' ||
    failure === 'canceled' ||
    failure === 'seniorForVip' ||
    failure === 'blocked' ||
    failure === 'noMember';
  return (
    <div className="pay-error" role="alert">
      <AlertIcon size={20} />
      <div>
        <strong>{t`The payment did not go through`}</strong>
        <p>{advice[failure]}</p>
        {failure === 'other' && message && <p className="muted small">{message}</p>}
        {!final && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t`Try again`}
          </Button>
        )}
      </div>
    </div>
  );
}
