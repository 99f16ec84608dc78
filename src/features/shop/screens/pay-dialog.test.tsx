// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoAtom } from '#features/auth/index.ts';
import { ApiError } from '#lib/http.ts';
import type { PurchaseBody } from '#protocol/commerce.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { catalogue, member } from '../test-catalogue.ts';
import { PayDialog } from './pay-dialog.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('#lib/http.ts', async (original) => ({ ...(await original<typeof import('#lib/http.ts')>()), http }));

/** What the server read: the encrypted body, decrypted with the public payload key. */
const sentBodies = () =>
  http.post.mock.calls
    .filter(([path]) => String(path).startsWith('/api/buy/'))
    .map(
      ([, json]) =>
        JSON.parse(AES.decrypt((json as { data: string }).data, 'test-payload-key').toString(Utf8)) as PurchaseBody,
    );

beforeEach(() => {
  http.get.mockReset();
  http.post.mockReset();
  http.get.mockRejectedValue(new ApiError(0, 'offline'));
});
afterEach(cleanup);

function open(type: 'member' | 'gold' | 'character', amount: number, gold: { give: number; buy: number }) {
  const store = createStore();
  store.set(userInfoAtom, member(gold));
  return renderWithApp(
    <PayDialog
      open
      onOpenChange={() => {}}
      pay={catalogue.pay}
      summary="VIP · 1 month"
      targetId={7}
      amount={amount}
      type={type}
      specId={21}
      blessing="Happy birthday"
    />,
    store,
  );
}

describe('PayDialog', () => {
  it('shows the payment buttons only after 500 ms', async () => {
    // Once with real timers so the lazily loaded dialog is in; then the clock is ours.
    open('member', 9.99, { give: 20, buy: 0 });
    await screen.findByRole('button', { name: 'Pay by card' }, { timeout: 2000 });
    cleanup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      open('member', 9.99, { give: 20, buy: 0 });
      expect(screen.getByText('Preparing payment options…')).toBeTruthy();
      act(() => vi.advanceTimersByTime(499));
      expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Pay by card' })).toBeTruthy();
      expect(screen.queryByText('Preparing payment options…')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers gold when give + buy gold cover the amount, else disables it reading Not enough gold coins', async () => {
    open('member', 9.99, { give: 5, buy: 4.98 });
    const notEnough = await screen.findByRole('button', { name: 'Not enough gold coins' }, { timeout: 2000 });
    expect((notEnough as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    open('member', 9.99, { give: 5, buy: 4.99 });
    const gold = await screen.findByRole('button', { name: /Pay with gold coins/ }, { timeout: 2000 });
    expect((gold as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no gold for gold packages (card only)', async () => {
    open('gold', 9.99, { give: 100, buy: 100 });
    await screen.findByRole('button', { name: 'Pay by card' }, { timeout: 2000 });
    expect(screen.queryByRole('button', { name: /gold coins/ })).toBeNull();
  });

  it('pays with gold by 1 then 4; after an error it says what to do and the retry reuses the same order', async () => {
    http.post.mockImplementationOnce(async (_p: string, json: unknown) => ({ orderId: 'x', status: 1, json }));
    http.post.mockRejectedValueOnce(new ApiError(0, 'Network error'));
    http.post.mockImplementation(async () => ({ orderId: 'x', status: 4 }));
    http.get.mockResolvedValue(member({ give: 0, buy: 10 }));
    open('member', 9.99, { give: 20, buy: 0 });
    fireEvent.click(await screen.findByRole('button', { name: /Pay with gold coins/ }, { timeout: 2000 }));
    await screen.findByText(/No connection\. Check your connection and try again/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByText('Payment successful')).not.toHaveLength(0);
    const bodies = sentBodies();
    expect(bodies.map((b) => b.paypalStatus)).toEqual([1, 4, 1, 4]);
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ id: 21, goldPay: true, blessing: 'Happy birthday', payInfo: { amount: 9.99 } });
    expect(http.post.mock.calls[0]![0]).toBe('/api/buy/member/7');
    // Success refreshes the user info.
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/api/system/user/info'));
  });

  it('the sandbox card is test mode; canceling sends 3 and shows Payment canceled', async () => {
    http.post.mockImplementation(async (_path: string, json: { data: string }) => {
      const body = JSON.parse(AES.decrypt(json.data, 'test-payload-key').toString(Utf8)) as PurchaseBody;
      return { orderId: 'SANDBOX-1', status: body.paypalStatus };
    });
    open('member', 9.99, { give: 0, buy: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }, { timeout: 2000 }));
    await screen.findByText('Test mode');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findAllByText('Payment canceled')).not.toHaveLength(0);
    expect(sentBodies().map((b) => [b.paypalStatus, b.orderId, b.goldPay])).toEqual([
      [1, expect.any(String), false],
      [3, 'SANDBOX-1', false],
    ]);
  });
});

/** A stand-in for PayPal's SDK: keeps the options the dialog gives its buttons. */
interface ButtonOptions {
  createOrder: () => Promise<string>;
  onApprove: (d: { orderID: string }) => void;
  onCancel: () => void;
}
let options: ButtonOptions | undefined;
function fakeButtons(o: ButtonOptions) {
  options = o;
  return { render: async () => {}, close: async () => {} };
}

describe('closing the pay dialog', () => {
  it('cancels an open card order (3), and sends nothing when no order was opened', async () => {
    http.post.mockImplementation(async (_path: string, json: { data: string }) => {
      const body = JSON.parse(AES.decrypt(json.data, 'test-payload-key').toString(Utf8)) as PurchaseBody;
      return { orderId: 'SANDBOX-9', status: body.paypalStatus };
    });
    const first = open('member', 9.99, { give: 0, buy: 0 });
    await screen.findByRole('button', { name: 'Pay by card' }, { timeout: 2000 });
    first.unmount();
    expect(http.post).not.toHaveBeenCalled();

    const second = open('member', 9.99, { give: 0, buy: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }, { timeout: 2000 }));
    await screen.findByText('Test mode');
    second.unmount();
    await waitFor(() =>
      expect(sentBodies().map((b) => [b.paypalStatus, b.orderId])).toEqual([
        [1, expect.any(String)],
        [3, 'SANDBOX-9'],
      ]),
    );
  });
});

describe('PayDialog with PayPal', () => {
  it("loads PayPal's SDK only when the card is chosen; createOrder opens our order, approval sends 4, a closed window 3", async () => {
    options = undefined;
    const scripts: HTMLScriptElement[] = [];
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        const script = node as HTMLScriptElement;
        scripts.push(script);
        (globalThis as { paypal?: unknown }).paypal = { Buttons: fakeButtons };
        queueMicrotask(() => script.onload?.(new Event('load')));
      }
    });
    http.post.mockImplementation(async (_path: string, json: { data: string }) => {
      const body = JSON.parse(AES.decrypt(json.data, 'test-payload-key').toString(Utf8)) as PurchaseBody;
      return { orderId: body.paypalStatus === 1 ? 'PAYPAL-ORDER-1' : body.orderId, status: body.paypalStatus };
    });
    try {
      const store = createStore();
      store.set(userInfoAtom, member({ give: 0, buy: 0 }));
      renderWithApp(
        <PayDialog
          open
          onOpenChange={() => {}}
          pay={{ provider: 'paypal', clientId: 'test-client', currency: 'USD', payloadKey: 'test-payload-key' }}
          summary="VIP · 1 month"
          targetId={undefined}
          amount={9.99}
          type="member"
          specId={21}
          blessing=""
        />,
        store,
      );
      const card = await screen.findByRole('button', { name: 'Pay with PayPal or card' }, { timeout: 2000 });
      expect(scripts).toHaveLength(0);
      fireEvent.click(card);
      await waitFor(() => expect(options).toBeDefined());
      expect(scripts[0]!.src).toContain('client-id=test-client');
      expect(scripts[0]!.src).toContain('currency=USD');
      expect(await options!.createOrder()).toBe('PAYPAL-ORDER-1');
      options!.onCancel();
      expect(await screen.findAllByText('Payment canceled')).not.toHaveLength(0);
      expect(sentBodies().map((b) => [b.paypalStatus, b.goldPay])).toEqual([
        [1, false],
        [3, false],
      ]);
      expect(sentBodies()[1]!.orderId).toBe('PAYPAL-ORDER-1');
      expect(http.post.mock.calls[0]![0]).toBe('/api/buy/member');

      // A second try makes a new order of ours (the first is canceled); PayPal's approval completes it with 4.
      const first = options;
      fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal or card' }));
      await waitFor(() => expect(options).not.toBe(first));
      expect(scripts).toHaveLength(1);
      await options!.createOrder();
      options!.onApprove({ orderID: 'PAYPAL-ORDER-1' });
      expect(await screen.findAllByText('Payment successful')).not.toHaveLength(0);
      const bodies = sentBodies();
      expect(bodies.map((b) => b.paypalStatus)).toEqual([1, 3, 1, 4]);
      expect(bodies[2]!.orderId).not.toBe(bodies[0]!.orderId);
      expect(bodies[3]!.orderId).toBe('PAYPAL-ORDER-1');
    } finally {
      append.mockRestore();
      delete (globalThis as { paypal?: unknown }).paypal;
    }
  });
});
