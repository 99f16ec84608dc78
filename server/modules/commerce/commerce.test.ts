/**
 * Purchases through the real server on the sandbox provider and a clock the tests move: the catalogue, every path
 * (characters, gold, membership) × (own, gift) × (gold, sandbox card), refusals with nothing changed, replays and
 * races credited once, the webhook and the reconciler. Every scenario ends with the ledger check.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterSpec, MemberConfig, Order } from '#protocol/commerce.ts';
import { LEVEL_SENIOR, LEVEL_VIP, type UserInfo } from '#protocol/user.ts';
import type { PaymentProvider } from '../../adapters/payment/provider.ts';
import {
  approveSandboxOrder,
  captureSandboxOrder,
  createSandboxOrder,
  getSandboxOrder,
  sandboxSigningKey,
  signSandboxEvent,
} from '../../adapters/payment/sandbox.ts';
import { listen, member } from '../../realtime/socket-test-client.ts';
import { bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { getUnread } from '../chat/chat.repository.ts';
import { grant, ledgerProblems } from '../translate/translate.test-kit.ts';
import { PACKAGE_GONE, reconcile } from './commerce.service.ts';
import {
  approveSandbox,
  buyCall,
  encrypt,
  openCardOrder,
  PAY,
  payWithGold,
  payWithSandboxCard,
} from './commerce.test-kit.ts';

const clock = { now: new Date('2026-03-10T12:00:00Z') };
let t: TestApp;
const touched = new Set<number>();

beforeAll(async () => {
  t = await makeApp({}, { now: () => clock.now });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  if (touched.size === 0) return;
  expect(await ledgerProblems(t.app.amity.db, [...touched])).toEqual([]);
  touched.clear();
});

const db = () => t.app.amity.db;

async function someone() {
  const m = await member(t.app);
  touched.add(m.id);
  return m;
}

async function info(token: string): Promise<UserInfo> {
  return (await call(t.app, { method: 'GET', url: '/h5-api/api/system/user/info', headers: bearer(token) })).body
    .data as UserInfo;
}

async function catalogue() {
  const get = async (path: string) => (await call(t.app, { method: 'GET', url: `${PAY}${path}` })).body.data;
  return {
    characters: (await get('/system/character/spec/all')) as CharacterSpec[],
    gold: (await get('/system/gold/spec/all')) as CharacterSpec[],
    members: (await get('/system/member/config')) as MemberConfig[],
  };
}

async function messagesTo(userId: number) {
  return db().selectFrom('messages').selectAll().where('to_id', '=', userId).orderBy('id').execute();
}

/** A catalogue entry of this test's own, so removing it leaves the others' catalogue as it was. */
async function addSpec(type: 'character' | 'gold', num: number, amount: number): Promise<number> {
  const row = await db()
    .insertInto('catalogue_specs')
    .values({ type, num, level_name: null, amount: amount.toFixed(2) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Staff take a package out of the catalogue after orders were made for it (their rows keep its id). */
async function removeSpec(id: number): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.deleteFrom('catalogue_specs').where('id', '=', id).execute();
    });
}

/** The status of an order, by the provider's order id or our UUID (the Order's orderId either way). */
async function orderStatus(orderId: string): Promise<number> {
  const row = await db()
    .selectFrom('orders')
    .select('status')
    .where((eb) =>
      /^[0-9a-f-]{36}$/i.test(orderId) ? eb('id', '=', orderId.toLowerCase()) : eb('provider_order_id', '=', orderId),
    )
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('catalogue', () => {
  it('serves packages, member config and pay config without a token', async () => {
    const c = await catalogue();
    expect(c.characters.length).toBeGreaterThan(0);
    expect(c.characters[0]).toEqual({ id: expect.any(Number), num: expect.any(Number), amount: expect.any(Number) });
    expect(c.gold.length).toBeGreaterThan(0);
    expect(c.members.map((m) => [m.levelName, m.levelSort, m.dayCharacters, m.monthVideos])).toEqual([
      ['VIP', 2, 3000, 10],
      ['高级会员', 1, 5000, 3],
    ]);
    expect(c.members[0]!.specs[0]).toEqual({ id: expect.any(Number), monthNum: 1, amount: expect.any(Number) });
    const pay = await call(t.app, { method: 'GET', url: `${PAY}/pay/config` });
    expect(pay.body.data).toEqual({ provider: 'sandbox', currency: 'USD', payloadKey: t.config.payloadKey });
  });

  it('gives VIP members the config dayCharacters and monthly free videos in user info', async () => {
    const c = await catalogue();
    const m = await someone();
    await grant(db(), m.id, { buy_gold: 100 }, clock.now);
    const vip1 = c.members[0]!.specs.find((s) => s.monthNum === 1)!;
    expect((await payWithGold(t.app, { token: m.token, type: 'member', id: vip1.id })).status).toBe(200);
    const u = await info(m.token);
    expect(u.levelName).toBe('VIP');
    expect(u.member.remainingDay).toBe(31);
    expect(u.dayCharacterCount).toBe(3000);
    expect(u.monthVideoCount).toBe(10);
    expect(u.memberRemainingList).toEqual([{ levelName: 'VIP', remainingDay: 31, levelSort: 2 }]);
  });
});

describe('every path', () => {
  const types = ['character', 'gold', 'member'] as const;
  for (const type of types) {
    for (const gift of [false, true]) {
      for (const pay of ['gold', 'card'] as const) {
        if (type === 'gold' && pay === 'gold') continue;
        it(`${type} ${gift ? 'gift' : 'own'} paid by ${pay}`, async () => {
          const c = await catalogue();
          const spec =
            type === 'character'
              ? c.characters[0]!
              : type === 'gold'
                ? c.gold[0]!
                : { ...c.members[0]!.specs[0]!, num: 0 };
          const buyer = await someone();
          const target = gift ? await someone() : buyer;
          await grant(db(), buyer.id, { give_gold: 5, buy_gold: 100 }, clock.now);
          const args = {
            token: buyer.token,
            type,
            id: spec.id,
            ...(gift ? { targetId: target.id, blessing: 'Happy birthday' } : {}),
          };
          const res =
            pay === 'gold' ? await payWithGold(t.app, args) : (await payWithSandboxCard(t.app, args)).completed;
          expect(res.status, res.body.message ?? '').toBe(200);
          const order = res.body.data as Order;
          expect(order).toMatchObject({ type, specId: spec.id, targetId: target.id, amount: spec.amount, status: 4 });
          const b = await info(buyer.token);
          const r = await info(target.token);
          if (pay === 'gold') {
            // Give gold first, then buy gold.
            expect(b.giveGoldCount).toBeCloseTo(Math.max(5 - spec.amount, 0), 2);
            expect(b.buyGoldCount).toBeCloseTo(100 - Math.max(spec.amount - 5, 0), 2);
          }
          if (type === 'character') expect(gift ? r.giveCharacterCount : r.buyCharacterCount).toBe(spec.num);
          if (type === 'gold') expect(gift ? r.giveGoldCount : r.buyGoldCount - 100).toBeCloseTo(spec.num, 2);
          if (type === 'member') expect(r.levelName).toBe('VIP');
          const received = await messagesTo(target.id);
          if (gift) {
            expect(received.at(-1)).toMatchObject({
              sender_id: buyer.id,
              type: { character: 3, gold: 4, member: 5 }[type],
              msg: 'Happy birthday',
            });
          }
          const payerNotes = (await messagesTo(buyer.id)).filter((m) => m.type === 7);
          expect(payerNotes.length).toBe(pay === 'gold' || !gift ? 1 : 0);
          // A note to oneself is stored read: it never leaves an unread count that could not be cleared.
          expect(payerNotes.every((n) => n.read_at !== null)).toBe(true);
          if (!gift) expect(await getUnread(db(), buyer.id)).toBe(0);
        });
      }
    }
  }
});

describe('refusals change nothing', () => {
  it('bad ciphertext, unknown spec, wrong amount, missing target, oneself, a target who blocked the buyer', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const other = await someone();
    await grant(db(), buyer.id, { buy_gold: 50 }, clock.now);
    const bad = await call(t.app, {
      method: 'POST',
      url: `${PAY}/buy/character`,
      headers: bearer(buyer.token),
      payload: { data: 'U2FsdGVkX19nonsense' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/could not be decrypted/);
    const unknown = await payWithGold(t.app, { token: buyer.token, type: 'character', id: 999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'id: there is no character package with id 999999']);
    const wrongAmount = await payWithGold(t.app, {
      token: buyer.token,
      type: 'character',
      id: c.characters[0]!.id,
      payInfo: { amount: 0.01 },
    });
    expect(wrongAmount.status).toBe(400);
    const missing = await payWithGold(t.app, {
      token: buyer.token,
      type: 'character',
      id: c.characters[0]!.id,
      targetId: 2_000_000,
    });
    expect([missing.status, missing.body.message]).toEqual([404, 'No such member']);
    const self = await payWithGold(t.app, {
      token: buyer.token,
      type: 'character',
      id: c.characters[0]!.id,
      targetId: buyer.id,
    });
    expect([self.status, self.body.message]).toEqual([400, 'You cannot send a gift to yourself']);
    await db()
      .insertInto('blocks')
      .values({ blocker_id: other.id, blocked_id: buyer.id, created_at: clock.now })
      .execute();
    const blocked = await payWithGold(t.app, {
      token: buyer.token,
      type: 'character',
      id: c.characters[0]!.id,
      targetId: other.id,
    });
    expect([blocked.status, blocked.body.message]).toEqual([403, 'This member has blocked you']);
    const badType = await buyCall(t.app, { token: buyer.token, type: 'nothing' as never, id: 1, status: 1 });
    expect(badType.status).toBe(400);
    expect((await info(buyer.token)).buyGoldCount).toBe(50);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toEqual([]);
  });

  it('a package taken out of the catalogue after the order: refused before any capture, cancelled, nothing moves', async () => {
    const m = await someone();
    await grant(db(), m.id, { buy_gold: 20 }, clock.now);
    const cardSpec = await addSpec('character', 777, 3.33);
    const card = await openCardOrder(t.app, { token: m.token, type: 'character', id: cardSpec });
    await approveSandbox(t.app, m.token, card);
    const goldSpec = await addSpec('character', 778, 3.34);
    const goldOrder = randomUUID();
    const opened = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: goldSpec,
      orderId: goldOrder,
      goldPay: true,
      status: 1,
    });
    expect(opened.status).toBe(200);
    await removeSpec(cardSpec);
    await removeSpec(goldSpec);

    const refused = await buyCall(t.app, { token: m.token, type: 'character', id: cardSpec, status: 4, orderId: card });
    expect([refused.status, refused.body.message]).toEqual([409, PACKAGE_GONE]);
    // The buyer's approval was never captured: no money taken at the provider.
    expect((await getSandboxOrder(db(), card))?.status).toBe('APPROVED');
    expect(await orderStatus(card)).toBe(3);
    const gold = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: goldSpec,
      orderId: goldOrder,
      goldPay: true,
      status: 4,
    });
    expect([gold.status, gold.body.message]).toEqual([409, PACKAGE_GONE]);
    expect(await orderStatus(goldOrder)).toBe(3);
    const u = await info(m.token);
    expect([u.buyGoldCount, u.buyCharacterCount]).toEqual([20, 0]);
  });

  it('gold coins are bought by card only: a gold payment for a gold package is 400, nothing stored', async () => {
    const c = await catalogue();
    const buyer = await someone();
    await grant(db(), buyer.id, { buy_gold: 500 }, clock.now);
    const res = await payWithGold(t.app, { token: buyer.token, type: 'gold', id: c.gold[0]!.id });
    expect([res.status, res.body.message]).toEqual([400, 'Gold coins cannot be bought with gold coins']);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toEqual([]);
    expect((await info(buyer.token)).buyGoldCount).toBe(500);
  });

  it('every field of the encrypted body, poisoned: 400 naming the field, nothing stored', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const valid = { id: c.characters[0]!.id, orderId: randomUUID(), goldPay: true, payInfo: {}, paypalStatus: 1 };
    const poisons: [string, unknown][] = [
      ['id', 0],
      ['id', 2 ** 31],
      ['id', '1'],
      ['id', 1.5],
      ['orderId', 'a\u0000b'],
      ['orderId', 'x'.repeat(65)],
      ['orderId', 'has space'],
      ['orderId', 7],
      ['goldPay', 'yes'],
      ['blessing', 'a\ud800b'],
      ['blessing', 'x'.repeat(256)],
      ['blessing', 5],
      ['paypalStatus', 2],
      ['paypalStatus', '4'],
      ['paypalStatus', undefined],
    ];
    for (const [field, value] of poisons) {
      const res = await call(t.app, {
        method: 'POST',
        url: `${PAY}/buy/character/${buyer.id + 1_000_000}`,
        headers: bearer(buyer.token),
        payload: encrypt({ ...valid, [field]: value }, t.config.payloadKey),
      });
      expect(
        [res.status, res.body.message?.startsWith(field)],
        `${field} = ${String(value).slice(0, 20)}: ${res.body.message}`,
      ).toEqual([400, true]);
    }
    for (const targetId of ['0', '-1', '2147483648', '1e3', 'abc']) {
      const res = await call(t.app, {
        method: 'POST',
        url: `${PAY}/buy/character/${targetId}`,
        headers: bearer(buyer.token),
        payload: encrypt(valid, t.config.payloadKey),
      });
      expect([res.status, res.body.message?.startsWith('targetId')]).toEqual([400, true]);
    }
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toEqual([]);
  });

  it('not enough gold: 402, nothing moves, the order is cancelled; a new order pays once the gold is there', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const spec = c.characters.at(-1)!;
    await grant(db(), buyer.id, { buy_gold: 1 }, clock.now);
    const orderId = randomUUID();
    const res = await payWithGold(t.app, { token: buyer.token, type: 'character', id: spec.id, orderId });
    expect([res.status, res.body.message]).toEqual([402, 'Not enough gold coins']);
    expect((await info(buyer.token)).buyGoldCount).toBe(1);
    // Not left at 1 for the reconciler: moved 1 → 3 in the transaction that refused it.
    expect(await orderStatus(orderId)).toBe(3);
    await grant(db(), buyer.id, { buy_gold: 1 + spec.amount }, clock.now);
    const again = await buyCall(t.app, {
      token: buyer.token,
      type: 'character',
      id: spec.id,
      orderId,
      goldPay: true,
      status: 4,
    });
    expect([again.status, again.body.message]).toEqual([409, 'This order was canceled']);
    expect((await info(buyer.token)).buyCharacterCount).toBe(0);
    const fresh = await payWithGold(t.app, { token: buyer.token, type: 'character', id: spec.id });
    expect(fresh.status).toBe(200);
    const u = await info(buyer.token);
    expect([u.buyCharacterCount, u.buyGoldCount]).toEqual([spec.num, 1]);
  });

  it('senior for a member who is VIP now: 409 with the product warning', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const target = await someone();
    await grant(db(), buyer.id, { buy_gold: 500 }, clock.now);
    const vip = c.members[0]!.specs[0]!;
    const senior = c.members[1]!.specs[0]!;
    expect(
      (await payWithGold(t.app, { token: buyer.token, type: 'member', id: vip.id, targetId: target.id })).status,
    ).toBe(200);
    const refused = await payWithGold(t.app, {
      token: buyer.token,
      type: 'member',
      id: senior.id,
      targetId: target.id,
    });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'The user is already a VIP and cannot purchase premium membership',
    ]);
    expect((await info(target.token)).levelName).toBe('VIP');
    const gold = await info(buyer.token);
    expect(gold.buyGoldCount).toBeCloseTo(500 - vip.amount, 2);
  });

  it('a gold senior order opened before the target became VIP is refused at 4 and cancelled, nothing paid', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const target = await someone();
    await grant(db(), buyer.id, { buy_gold: 500 }, clock.now);
    const vip = c.members[0]!.specs[0]!;
    const senior = c.members[1]!.specs[0]!;
    const orderId = randomUUID();
    const args = { token: buyer.token, type: 'member' as const, id: senior.id, targetId: target.id, orderId };
    expect((await buyCall(t.app, { ...args, goldPay: true, status: 1 })).status).toBe(200);
    expect(
      (await payWithGold(t.app, { token: buyer.token, type: 'member', id: vip.id, targetId: target.id })).status,
    ).toBe(200);
    const refused = await buyCall(t.app, { ...args, goldPay: true, status: 4 });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'The user is already a VIP and cannot purchase premium membership',
    ]);
    expect(await orderStatus(orderId)).toBe(3);
    expect((await info(buyer.token)).buyGoldCount).toBeCloseTo(500 - vip.amount, 2);
    expect((await info(target.token)).levelName).toBe('VIP');
  });

  it('a card senior order for a member who became VIP meanwhile is refused before any capture', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const target = await someone();
    await grant(db(), buyer.id, { buy_gold: 100 }, clock.now);
    const senior = c.members[1]!.specs[0]!;
    const orderId = await openCardOrder(t.app, {
      token: buyer.token,
      type: 'member',
      id: senior.id,
      targetId: target.id,
    });
    await approveSandbox(t.app, buyer.token, orderId);
    expect(
      (
        await payWithGold(t.app, {
          token: buyer.token,
          type: 'member',
          id: c.members[0]!.specs[0]!.id,
          targetId: target.id,
        })
      ).status,
    ).toBe(200);
    const refused = await buyCall(t.app, {
      token: buyer.token,
      type: 'member',
      id: senior.id,
      targetId: target.id,
      status: 4,
      orderId,
    });
    expect(refused.status).toBe(409);
    const sandbox = await db()
      .selectFrom('sandbox_orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(sandbox.status).toBe('APPROVED');
  });

  it('gold is spent give gold first, then buy gold, one coin a dollar, each with its ledger row', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters.find((p) => p.amount > 5)!;
    await grant(db(), m.id, { give_gold: 5, buy_gold: 100 }, clock.now);
    const orderId = randomUUID();
    expect((await payWithGold(t.app, { token: m.token, type: 'character', id: spec.id, orderId })).status).toBe(200);
    const u = await info(m.token);
    expect([u.giveGoldCount, u.buyGoldCount]).toEqual([0, Number((105 - spec.amount).toFixed(2))]);
    const rows = await db()
      .selectFrom('ledger')
      .select(['kind', 'delta'])
      .where('ref', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, Number(r.delta)])).toEqual([
      ['give_gold', -5],
      ['buy_gold', -Number((spec.amount - 5).toFixed(2))],
      ['buy_character', spec.num],
    ]);
  });

  it('staff pay nothing', async () => {
    const c = await catalogue();
    const staff = await someone();
    await db().updateTable('users').set({ staff_account: true }).where('id', '=', staff.id).execute();
    const res = await payWithGold(t.app, { token: staff.token, type: 'character', id: c.characters[0]!.id });
    expect(res.status).toBe(200);
    const u = await info(staff.token);
    expect([u.buyGoldCount, u.buyCharacterCount]).toEqual([0, c.characters[0]!.num]);
  });
});

describe('live messages', () => {
  it('a gift reaches the target live (type 3-6 with the blessing) and the payer gets type 7', async () => {
    const c = await catalogue();
    const buyer = await someone();
    const target = await someone();
    await grant(db(), buyer.id, { buy_gold: 50 }, clock.now);
    const server = await listen(t.app);
    const theirs = await server.open(target.token);
    const mine = await server.open(buyer.token);
    try {
      const senior = c.members[1]!.specs[0]!;
      const res = await payWithGold(t.app, {
        token: buyer.token,
        type: 'member',
        id: senior.id,
        targetId: target.id,
        blessing: 'For you',
      });
      expect(res.status).toBe(200);
      const gift = await theirs.next((f) => f.action === 'chart' && f.data.type === 6, 5000);
      expect(gift.data).toMatchObject({ senderId: buyer.id, toId: target.id, msg: 'For you' });
      const note = await mine.next((f) => f.action === 'chart' && f.data.type === 7, 5000);
      expect(JSON.parse(note.data.msg)).toMatchObject({
        reason: 'purchase',
        changes: [`gold -${senior.amount.toFixed(2)}`],
      });
      expect((await info(target.token)).levelName).toBe('高级会员');
    } finally {
      theirs.close();
      mine.close();
    }
  });
});

describe('memberships', () => {
  it('free videos reset on the first day of each UTC month', async () => {
    const c = await catalogue();
    const m = await someone();
    await grant(db(), m.id, { buy_gold: 100 }, clock.now);
    await payWithGold(t.app, {
      token: m.token,
      type: 'member',
      id: c.members[0]!.specs.find((s) => s.monthNum === 3)!.id,
    });
    await db()
      .updateTable('users')
      .set({ month_video_count: 2, month_video_month: '2026-03' })
      .where('id', '=', m.id)
      .execute();
    expect((await info(m.token)).monthVideoCount).toBe(2);
    const saved = clock.now;
    try {
      clock.now = new Date('2026-04-01T00:00:01Z');
      expect((await info(m.token)).monthVideoCount).toBe(10);
    } finally {
      clock.now = saved;
    }
  });

  it('a level bought today raises what is left of today’s day characters by what it allows beyond the old one', async () => {
    const c = await catalogue();
    const vip = c.members.find((m) => m.levelName === LEVEL_VIP)!;
    const senior = c.members.find((m) => m.levelName === LEVEL_SENIOR)!;
    const m = await someone();
    await grant(db(), m.id, { buy_gold: 500, day_character: 1400 }, clock.now); // 100 of 1,500 used today
    expect((await payWithGold(t.app, { token: m.token, type: 'member', id: vip.specs[0]!.id })).status).toBe(200);
    expect((await info(m.token)).dayCharacterCount).toBe(1400 + vip.dayCharacters - 1500);
    // Another VIP month while VIP runs: the allowance does not change, nor does what is left.
    await payWithGold(t.app, { token: m.token, type: 'member', id: vip.specs[0]!.id });
    expect((await info(m.token)).dayCharacterCount).toBe(1400 + vip.dayCharacters - 1500);
    // A gift to a member who has not translated today: the day starts from the new level's allowance anyway.
    const target = await someone();
    const giver = await someone();
    await grant(db(), giver.id, { buy_gold: 500 }, clock.now);
    const gift = await payWithGold(t.app, {
      token: giver.token,
      type: 'member',
      id: senior.specs[0]!.id,
      targetId: target.id,
      blessing: 'enjoy',
    });
    expect(gift.status).toBe(200);
    expect((await info(target.token)).dayCharacterCount).toBe(senior.dayCharacters);
    const dayRows = await db()
      .selectFrom('ledger')
      .select(['user_id', 'delta'])
      .where('kind', '=', 'day_character')
      .where('reason', '=', 'purchase')
      .where('user_id', 'in', [m.id, target.id])
      .execute();
    expect(dayRows.map((r) => [r.user_id, Number(r.delta)])).toEqual([[m.id, vip.dayCharacters - 1500]]);
  });

  it('extend from the later of now and the current end; an end sends type 7', async () => {
    const c = await catalogue();
    const m = await someone();
    await grant(db(), m.id, { buy_gold: 500 }, clock.now);
    const vip1 = c.members[0]!.specs.find((s) => s.monthNum === 1)!;
    await payWithGold(t.app, { token: m.token, type: 'member', id: vip1.id });
    await payWithGold(t.app, { token: m.token, type: 'member', id: vip1.id });
    const row = await db().selectFrom('memberships').selectAll().where('user_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.ends_at.toISOString()).toBe('2026-05-10T12:00:00.000Z');
    const saved = clock.now;
    clock.now = new Date('2026-05-11T00:00:00Z');
    try {
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      const notes = (await messagesTo(m.id)).filter((x) => x.msg.includes('membershipEnded'));
      expect(notes.length).toBe(1);
      expect((await info(m.token)).monthVideoCount).toBe(0);
    } finally {
      clock.now = saved;
    }
  });
});

describe('never twice', () => {
  it('a 4 for an order never opened, or opened by someone else, is 404; one that does not match its order is 400', async () => {
    const c = await catalogue();
    const m = await someone();
    const other = await someone();
    const spec = c.characters[0]!;
    await grant(db(), m.id, { buy_gold: 100 }, clock.now);
    await grant(db(), other.id, { buy_gold: 100 }, clock.now);
    const gold = (orderId: string, token = m.token, id = spec.id) =>
      buyCall(t.app, { token, type: 'character', id, orderId, goldPay: true, status: 4 });
    const never = await gold(randomUUID());
    expect([never.status, never.body.message]).toEqual([404, 'No such order']);
    // Another member's open gold order, and another member's card order, completed by someone who did not open them.
    const theirs = randomUUID();
    const opened = await buyCall(t.app, {
      token: other.token,
      type: 'character',
      id: spec.id,
      orderId: theirs,
      goldPay: true,
      status: 1,
    });
    expect(opened.status).toBe(200);
    const stolen = await gold(theirs);
    expect([stolen.status, stolen.body.message]).toEqual([404, 'No such order']);
    const theirCard = await openCardOrder(t.app, { token: other.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, other.token, theirCard);
    const stolenCard = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: spec.id,
      status: 4,
      orderId: theirCard,
    });
    expect([stolenCard.status, stolenCard.body.message]).toEqual([404, 'No such order']);
    // Their own order, but a 4 that names a dearer package than the one it was opened for.
    const mine = randomUUID();
    await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, orderId: mine, goldPay: true, status: 1 });
    const swapped = await gold(mine, m.token, c.characters.at(-1)!.id);
    expect([swapped.status, swapped.body.message]).toEqual([
      400,
      'The order does not match this purchase (type, id, target or goldPay differ)',
    ]);
    expect(await orderStatus(mine)).toBe(1);
    for (const who of [m, other]) {
      const u = await info(who.token);
      expect([u.buyCharacterCount, u.buyGoldCount]).toEqual([0, 100]);
    }
    expect(await orderStatus(theirs)).toBe(1);
  });

  it('a forged status 4 (nothing captured) is 402 and credits nothing', async () => {
    const c = await catalogue();
    const m = await someone();
    const orderId = await openCardOrder(t.app, { token: m.token, type: 'character', id: c.characters[0]!.id });
    const forged = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: c.characters[0]!.id,
      status: 4,
      orderId,
    });
    expect([forged.status, forged.body.message]).toEqual([402, 'The payment was not completed; nothing was charged']);
    expect((await info(m.token)).buyCharacterCount).toBe(0);
  });

  it('a replayed completion credits once; the same completion 20 times at once credits once', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const { completed, orderId } = await payWithSandboxCard(t.app, { token: m.token, type: 'character', id: spec.id });
    expect(completed.status).toBe(200);
    const again = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect((again.body.data as Order).status).toBe(4);
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);

    const second = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, m.token, second);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId: second }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && (a.body.data as Order).status === 4)).toBe(true);
    expect((await info(m.token)).buyCharacterCount).toBe(2 * spec.num);
  });

  it('a cancelled order cannot complete; a cancel after a capture completes instead', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const orderId = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    const cancelled = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 3, orderId });
    expect((cancelled.body.data as Order).status).toBe(3);
    const late = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect([late.status, late.body.message]).toEqual([409, 'This order was canceled']);
    expect((await info(m.token)).buyCharacterCount).toBe(0);
    const captured = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, m.token, captured);
    await call(t.app, {
      method: 'POST',
      url: `${PAY}/pay/sandbox/orders/${captured}/capture`,
      headers: bearer(m.token),
    });
    const cancel = await buyCall(t.app, {
      token: m.token,
      type: 'character',
      id: spec.id,
      status: 3,
      orderId: captured,
    });
    expect((cancel.body.data as Order).status).toBe(4);
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
  });

  it('a retried 1 answers the order it made; the same gold completion 20 times at once credits once', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    await grant(db(), m.id, { buy_gold: 3 * spec.amount }, clock.now);
    const orderId = randomUUID();
    const open = () =>
      buyCall(t.app, { token: m.token, type: 'character', id: spec.id, orderId, goldPay: true, status: 1 });
    const [first, retried] = await Promise.all([open(), open()]);
    expect([first.status, retried.status]).toEqual([200, 200]);
    expect((retried.body.data as Order).orderId).toBe(orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyCall(t.app, { token: m.token, type: 'character', id: spec.id, orderId, goldPay: true, status: 4 }),
      ),
    );
    expect(answers.map((a) => [a.status, (a.body.data as Order).status])).toEqual(Array(20).fill([200, 4]));
    const u = await info(m.token);
    expect(u.buyCharacterCount).toBe(spec.num);
    expect(u.buyGoldCount).toBeCloseTo(2 * spec.amount, 2);

    // A card 1 with a client UUID, retried: the same provider order, made once.
    const cardId = randomUUID();
    const card = () => buyCall(t.app, { token: m.token, type: 'character', id: spec.id, orderId: cardId, status: 1 });
    const a = await card();
    const b = await card();
    expect((b.body.data as Order).orderId).toBe((a.body.data as Order).orderId);
    const made = await db().selectFrom('sandbox_orders').select('id').where('custom_id', '=', cardId).execute();
    expect(made).toHaveLength(1);
    // Someone else's order id is not theirs to reuse.
    const other = await someone();
    const stolen = await buyCall(t.app, {
      token: other.token,
      type: 'character',
      id: spec.id,
      orderId: cardId,
      status: 1,
    });
    expect([stolen.status, stolen.body.message]).toEqual([409, 'orderId is already used by another order']);
  });

  it('two members gifting each other with gold at once: no deadlock, each pays their own gifts', async () => {
    const c = await catalogue();
    const spec = c.characters[0]!;
    const a = await someone();
    const b = await someone();
    await grant(db(), a.id, { buy_gold: 10 * spec.amount }, clock.now);
    await grant(db(), b.id, { give_gold: 4 * spec.amount, buy_gold: 6 * spec.amount }, clock.now);
    const gifts = (from: typeof a, to: typeof a) =>
      Array.from({ length: 10 }, () =>
        payWithGold(t.app, { token: from.token, type: 'character', id: spec.id, targetId: to.id, blessing: 'hi' }),
      );
    const answers = await Promise.all([...gifts(a, b), ...gifts(b, a)]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const [ua, ub] = [await info(a.token), await info(b.token)];
    expect([ua.giveCharacterCount, ub.giveCharacterCount]).toEqual([10 * spec.num, 10 * spec.num]);
    expect([ua.buyGoldCount, ua.giveGoldCount, ub.buyGoldCount, ub.giveGoldCount]).toEqual([0, 0, 0, 0]);
    expect((await messagesTo(b.id)).filter((msg) => msg.type === 3 && msg.msg === 'hi')).toHaveLength(10);
  });

  it('200 parallel gold payments against a balance covering 20: exactly 20 succeed, never negative', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    await grant(db(), m.id, { buy_gold: spec.amount * 20 }, clock.now);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => payWithGold(t.app, { token: m.token, type: 'character', id: spec.id })),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(20);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 402)).toBe(true);
    const u = await info(m.token);
    expect(u.buyGoldCount).toBe(0);
    expect(u.buyCharacterCount).toBe(20 * spec.num);
    // The 180 refused are cancelled at once, none left open.
    const statuses = await db()
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('user_id', '=', m.id)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(statuses.map((r) => [r.status, Number(r.n)])).toEqual([
      [3, 180],
      [4, 20],
    ]);
  }, 60_000);
});

describe('webhook and reconciler', () => {
  const key = () => sandboxSigningKey(t.config.sessionSecret);

  async function webhook(event: unknown, headers: Record<string, string | undefined>) {
    return call(t.app, {
      method: 'POST',
      url: `${PAY}/pay/paypal/webhook`,
      headers: headers as never,
      payload: event as never,
    });
  }

  /**
   * A member's card order for the cheapest characters, approved and captured at the provider without its own webhook
   * (so only the events a test sends can tell the server), and the PayPal event that tells of the capture.
   */
  async function capturedOutOfBand(captureId: string) {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const orderId = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, m.token, orderId);
    await captureSandboxOrder(db(), orderId, `out-of-band-${captureId}`);
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: captureId, supplementary_data: { related_ids: { order_id: orderId } } },
    };
    return { m, spec, orderId, event };
  }

  it('a bad signature is refused and changes nothing; a good one completes a captured order once', async () => {
    const { m, spec, event } = await capturedOutOfBand('CAPX');
    const forged = await webhook(event, {
      ...signSandboxEvent('wrong key', event),
      'content-type': 'application/json',
    });
    expect([forged.status, forged.body.message]).toEqual([400, 'The webhook signature is not valid']);
    expect(await db().selectFrom('webhook_events').select('id').where('id', '=', event.id).execute()).toEqual([]);
    expect((await info(m.token)).buyCharacterCount).toBe(0);
    for (let i = 0; i < 2; i++) {
      const res = await webhook(event, { ...signSandboxEvent(key(), event), 'content-type': 'application/json' });
      expect(res.status).toBe(200);
    }
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
  });

  it('one event delivered twice at the same moment is stored once and credits once; both deliveries get 200', async () => {
    const { m, spec, orderId, event } = await capturedOutOfBand('CAPY');
    const deliver = () => webhook(event, { ...signSandboxEvent(key(), event), 'content-type': 'application/json' });
    const answers = await Promise.all([deliver(), deliver()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => (a.body.data as { stored: boolean }).stored).sort()).toEqual([false, true]);
    const rows = await db().selectFrom('webhook_events').select('id').where('id', '=', event.id).execute();
    expect(rows).toHaveLength(1);
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
    expect(await orderStatus(orderId)).toBe(4);
  });

  it('a capture made out of band (the buyer window) reaches the order through the sandbox webhook', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const orderId = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, m.token, orderId);
    const captured = await call(t.app, {
      method: 'POST',
      url: `${PAY}/pay/sandbox/orders/${orderId}/capture`,
      headers: bearer(m.token),
    });
    expect(captured.status).toBe(200);
    for (let i = 0; i < 100 && (await info(m.token)).buyCharacterCount === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
    const again = await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 4, orderId });
    expect((again.body.data as Order).status).toBe(4);
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
  });

  it('an event before its order is kept and applied by the reconciler', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const ourId = randomUUID();
    const provider = await createSandboxOrder(db(), {
      customId: ourId,
      amount: spec.amount.toFixed(2),
      currency: 'USD',
    });
    await approveSandboxOrder(db(), provider.id, '4111111111111111');
    await captureSandboxOrder(db(), provider.id, 'x');
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPY', custom_id: ourId, supplementary_data: { related_ids: { order_id: provider.id } } },
    };
    const res = await webhook(event, { ...signSandboxEvent(key(), event), 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    await db()
      .insertInto('orders')
      .values({
        id: ourId,
        user_id: m.id,
        target_id: m.id,
        type: 'character',
        spec_id: spec.id,
        amount: spec.amount.toFixed(2),
        gold_pay: false,
        created_at: clock.now,
      })
      .execute();
    await reconcile(t.app.amity, { provider: t.app.amity.payment });
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
  });

  it('an event about no order of ours stays pending 3 hours, then is let go', async () => {
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPZ', custom_id: randomUUID(), supplementary_data: { related_ids: { order_id: 'SBNOTOURS' } } },
    };
    expect(
      (await webhook(event, { ...signSandboxEvent(key(), event), 'content-type': 'application/json' })).status,
    ).toBe(200);
    const pending = () =>
      db().selectFrom('webhook_events').select('processed_at').where('id', '=', event.id).executeTakeFirstOrThrow();
    const saved = clock.now;
    try {
      clock.now = new Date(saved.getTime() + 60 * 60_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      expect((await pending()).processed_at).toBeNull();
      clock.now = new Date(saved.getTime() + 3 * 3_600_000 + 60_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      expect((await pending()).processed_at).not.toBeNull();
    } finally {
      clock.now = saved;
    }
  });

  it('asks the provider once per order and pass, and hands what it read on to the completion', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    const approved = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    await approveSandbox(t.app, m.token, approved);
    const waiting = await openCardOrder(t.app, { token: m.token, type: 'character', id: spec.id });
    // An event about the waiting order left pending (its first try failed): the pass must not ask about it again.
    await db()
      .insertInto('webhook_events')
      .values({
        id: `WH-${randomUUID()}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        body: JSON.stringify({ resource: { supplementary_data: { related_ids: { order_id: waiting } } } }),
        received_at: clock.now,
      })
      .execute();
    const asked: string[] = [];
    const real = t.app.amity.payment;
    const counting: PaymentProvider = {
      ...real,
      getOrder: (id) => {
        asked.push(`get ${id}`);
        return real.getOrder(id);
      },
      captureOrder: (id, requestId) => {
        asked.push(`capture ${id}`);
        return real.captureOrder(id, requestId);
      },
    };
    const saved = clock.now;
    try {
      clock.now = new Date(saved.getTime() + 11 * 60_000);
      await reconcile(t.app.amity, { provider: counting });
    } finally {
      clock.now = saved;
    }
    expect(asked.filter((a) => a.endsWith(approved))).toEqual([`get ${approved}`, `capture ${approved}`]);
    expect(asked.filter((a) => a.endsWith(waiting))).toEqual([`get ${waiting}`]);
    expect(await orderStatus(approved)).toBe(4);
    expect(await orderStatus(waiting)).toBe(1);
    expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
  });

  it('completes approved orders left open over 10 minutes, cancels those over 3 hours without a capture', async () => {
    const c = await catalogue();
    const m = await someone();
    const spec = c.characters[0]!;
    // A gold order whose 4 never came (the client went away after its 1): cancelled with the card orders.
    const goldOrder = randomUUID();
    await grant(db(), m.id, { buy_gold: spec.amount }, clock.now);
    const goldOpen = { token: m.token, type: 'character' as const, id: spec.id, orderId: goldOrder, goldPay: true };
    expect((await buyCall(t.app, { ...goldOpen, status: 1 })).status).toBe(200);
    const approvedOrder = (
      (await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 1 })).body.data as Order
    ).orderId;
    await approveSandbox(t.app, m.token, approvedOrder);
    const abandoned = (
      (await buyCall(t.app, { token: m.token, type: 'character', id: spec.id, status: 1 })).body.data as Order
    ).orderId;
    const saved = clock.now;
    try {
      clock.now = new Date(saved.getTime() + 11 * 60_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      expect((await info(m.token)).buyCharacterCount).toBe(spec.num);
      const open = await db()
        .selectFrom('orders')
        .select('status')
        .where('provider_order_id', '=', abandoned)
        .executeTakeFirstOrThrow();
      expect(open.status).toBe(1);
      expect(await orderStatus(goldOrder)).toBe(1);
      clock.now = new Date(saved.getTime() + 3 * 3_600_000 + 60_000);
      await reconcile(t.app.amity, { provider: t.app.amity.payment });
      const closed = await db()
        .selectFrom('orders')
        .select('status')
        .where('provider_order_id', '=', abandoned)
        .executeTakeFirstOrThrow();
      expect(closed.status).toBe(3);
      expect(await orderStatus(goldOrder)).toBe(3);
      const late = await buyCall(t.app, { ...goldOpen, status: 4 });
      expect([late.status, late.body.message]).toEqual([409, 'This order was canceled']);
      const u = await info(m.token);
      expect([u.buyCharacterCount, u.buyGoldCount]).toEqual([spec.num, spec.amount]);
    } finally {
      clock.now = saved;
    }
  });
});
