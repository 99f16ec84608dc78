import { describe, expect, it, vi } from 'vitest';
import type { Order, PurchaseBody } from '#protocol/commerce.ts';
import { createPayFlow, newOrderId } from './pay.flow.ts';

const intent = { targetId: 9, amount: 9.99, type: 'member' as const, specId: 2, blessing: 'hi' };

function fakeServer() {
  const sent: PurchaseBody[] = [];
  let fail: ((body: PurchaseBody) => Error | undefined) | undefined;
  const send = vi.fn(async (body: PurchaseBody): Promise<Order> => {
    sent.push(body);
    const error = fail?.(body);
    if (error) throw error;
    const orderId = body.goldPay || body.paypalStatus !== 1 ? body.orderId! : `PROVIDER-${body.orderId}`;
    return {
      orderId,
      type: 'member',
      specId: 2,
      targetId: 9,
      amount: 9.99,
      goldPay: body.goldPay,
      status: body.paypalStatus,
    };
  });
  return { sent, send, failWith: (f: typeof fail) => (fail = f) };
}

let ids = 0;
const newId = () => `id-${++ids}`;

describe('createPayFlow', () => {
  it('gold sends 1 then 4 with one order id, and a retry after a lost answer reuses it', async () => {
    const server = fakeServer();
    const flow = createPayFlow(intent, { send: server.send, approveTestCard: vi.fn(), newId });
    server.failWith((b) => (b.paypalStatus === 4 && server.sent.length === 2 ? new Error('timeout') : undefined));
    await expect(flow.payWithGold()).rejects.toThrow('timeout');
    const order = await flow.payWithGold();
    expect(order.status).toBe(4);
    expect(server.sent.map((b) => [b.paypalStatus, b.goldPay])).toEqual([
      [1, true],
      [4, true],
      [1, true],
      [4, true],
    ]);
    expect(new Set(server.sent.map((b) => b.orderId)).size).toBe(1);
  });

  it('gold refused (402: the server cancelled that order) tries again with a new order id', async () => {
    const server = fakeServer();
    const flow = createPayFlow(intent, { send: server.send, approveTestCard: vi.fn(), newId });
    const notEnough = Object.assign(new Error('Not enough gold coins'), { code: 402 });
    server.failWith((b) => (b.paypalStatus === 4 && server.sent.length === 2 ? notEnough : undefined));
    await expect(flow.payWithGold()).rejects.toThrow('Not enough gold coins');
    expect((await flow.payWithGold()).status).toBe(4);
    const [first, , second] = server.sent.map((b) => b.orderId);
    expect(second).not.toBe(first);
    expect(server.sent.slice(2).map((b) => [b.paypalStatus, b.orderId])).toEqual([
      [1, second],
      [4, second],
    ]);
  });

  it('a card order is made once, approved once, and its 4 retried on the same provider order', async () => {
    const server = fakeServer();
    const approve = vi.fn(async () => ({}));
    const flow = createPayFlow(intent, { send: server.send, approveTestCard: approve, newId });
    const providerId = await flow.openCardOrder();
    expect(await flow.openCardOrder()).toBe(providerId);
    server.failWith((b) =>
      b.paypalStatus === 4 && approve.mock.calls.length === 1 && server.sent.length === 2
        ? new Error('502')
        : undefined,
    );
    await expect(flow.payWithTestCard('4111 1111 1111 1111')).rejects.toThrow('502');
    expect((await flow.payWithTestCard('4111 1111 1111 1111')).status).toBe(4);
    expect(approve).toHaveBeenCalledTimes(1);
    expect(server.sent.filter((b) => b.paypalStatus === 1)).toHaveLength(1);
    expect(server.sent.filter((b) => b.paypalStatus === 4).every((b) => b.orderId === providerId)).toBe(true);
  });

  it('a cancel sends 3 for the open order, and the next attempt makes a new one', async () => {
    const server = fakeServer();
    const flow = createPayFlow(intent, { send: server.send, approveTestCard: vi.fn(), newId });
    expect(await flow.cancelCard()).toBeUndefined();
    const first = await flow.openCardOrder();
    expect((await flow.cancelCard())?.status).toBe(3);
    expect(server.sent.at(-1)).toMatchObject({ paypalStatus: 3, orderId: first, goldPay: false });
    expect(await flow.openCardOrder()).not.toBe(first);
  });
});

describe('newOrderId', () => {
  it('is a v4 UUID, as the server requires for gold payments', () => {
    expect(newOrderId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
