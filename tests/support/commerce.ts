/** Memberships bought over the API through the sandbox provider (docs/api.md, Commerce), for tests that need a VIP. */
import CryptoJS from 'crypto-js';
import { call } from './api.ts';

/** Buys `member` a month of VIP by the sandbox's test card (the server must run with PAYMENT_PROVIDER=sandbox). */
export async function buyVipMonth(base: string, token: string): Promise<void> {
  const { payloadKey } = await call<{ payloadKey: string }>(base, 'GET', '/api/pay/config');
  const [vip] = await call<{ levelName: string; specs: { id: number; monthNum: number }[] }[]>(
    base,
    'GET',
    '/api/system/member/config',
  );
  const spec = vip?.specs.find((s) => s.monthNum === 1) ?? vip?.specs[0];
  if (!spec) throw new Error('no VIP plan in the catalogue');
  const buy = (body: Record<string, unknown>) =>
    call<{ orderId: string; status: number }>(
      base,
      'POST',
      '/api/buy/member',
      {
        data: CryptoJS.AES.encrypt(
          JSON.stringify({ id: spec.id, goldPay: false, payInfo: {}, ...body }),
          payloadKey,
        ).toString(),
      },
      token,
    );
  const { orderId } = await buy({ paypalStatus: 1 });
  await call(base, 'POST', `/api/pay/sandbox/orders/${orderId}/approve`, { cardNumber: '4111111111111111' }, token);
  const done = await buy({ orderId, paypalStatus: 4 });
  if (done.status !== 4) throw new Error(`the VIP order ended in status ${done.status}`);
}
