/**
 * PayPal's JS SDK buttons (card and wallet), used when the server's provider is PayPal. The SDK script is loaded
 * only when a pay dialog opens the card choice, never with a page. The order is made by our server (createOrder
 * answers its provider order id, in USD); approval sends 4, a closed PayPal window sends 3.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#ui/button.tsx';

interface PayPalButtonsApi {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void> | void;
    onCancel: () => void;
    onError: (error: unknown) => void;
  }): { render(container: HTMLElement): Promise<void>; close(): Promise<void> };
}

const sdks = new Map<string, Promise<PayPalButtonsApi>>();

function loadSdk(clientId: string): Promise<PayPalButtonsApi> {
  let sdk = sdks.get(clientId);
  if (!sdk) {
    sdk = new Promise<PayPalButtonsApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=USD&intent=capture&components=buttons`;
      script.async = true;
      script.onload = () => {
        const api = (globalThis as { paypal?: PayPalButtonsApi }).paypal;
        if (api) resolve(api);
        else reject(new Error('PayPal did not load'));
      };
      script.onerror = () => {
        sdks.delete(clientId);
        script.remove();
        reject(new Error('PayPal did not load'));
      };
      document.head.append(script);
    });
    sdks.set(clientId, sdk);
  }
  return sdk;
}

interface PayPalButtonsProps {
  clientId: string;
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => void;
  onCancel: () => void;
  onBack: () => void;
}

export function PayPalButtons({ clientId, createOrder, onApprove, onCancel, onBack }: PayPalButtonsProps) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The callbacks change every render; the buttons are rendered once per load.
  const handlers = useRef({ createOrder, onApprove, onCancel });
  handlers.current = { createOrder, onApprove, onCancel };

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for a new load after a failure.
  useEffect(() => {
    let live = true;
    let close: (() => Promise<void>) | undefined;
    setState('loading');
    loadSdk(clientId)
      .then(async (paypal) => {
        if (!live || !box.current) return;
        const buttons = paypal.Buttons({
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          onCancel: () => handlers.current.onCancel(),
          onError: () => live && setState('failed'),
        });
        close = () => buttons.close();
        await buttons.render(box.current);
        if (live) setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      void close?.().catch(() => {});
    };
  }, [clientId, attempt]);

  return (
    <div className="paypal">
      {state === 'loading' && (
        <div className="pay-status" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" />
          {t`Loading PayPal…`}
        </div>
      )}
      {state === 'failed' && (
        <div className="pay-error" role="alert">
          <p>{t`PayPal could not be loaded. Check your connection and try again; nothing was charged.`}</p>
          <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t`Try again`}
          </Button>
        </div>
      )}
      <div ref={box} className="paypal-buttons" />
      <Button variant="ghost" size="sm" onClick={onBack}>
        {t`Choose another way to pay`}
      </Button>
    </div>
  );
}
