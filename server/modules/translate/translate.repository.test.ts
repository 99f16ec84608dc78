/**
 * The one-statement charge (chargeIfUnchanged): it pays only while the payer's row is what the charge was planned
 * on, and otherwise writes nothing, so the service pays under the lock instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCharge } from '#protocol/translation.ts';
import { LEVEL_VIP } from '#protocol/user.ts';
import { member } from '../../realtime/socket-test-client.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { upsertMembership } from '../users/users.repository.ts';
import { chargeIfUnchanged, findPayer } from './translate.repository.ts';
import { balancesAfter, ledgerRows, walletOf } from './translate.rules.ts';
import { grant, insertMessage, ledgerProblems } from './translate.test-kit.ts';

const now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({}, { now: () => now });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.app.amity.db;

/** A reader with 100 register characters and none left today, a message to them, and their row as read now. */
async function setUp(text = 'hello world') {
  const writer = await member(t.app);
  const reader = await member(t.app);
  await grant(db(), reader.id, { day_character: 0, register_character: 100 }, now);
  const msgId = await insertMessage(db(), { senderId: writer.id, toId: reader.id, msg: text, lang: 'en-us' });
  const seen = (await findPayer(db(), reader.id, now))!;
  const charge = planCharge(text.length, walletOf(seen, seen.day_allowance, now), false);
  const rows = ledgerRows(reader.id, charge.spent, charge.left, `message:${msgId}:es-es`, now);
  const pay = () =>
    chargeIfUnchanged(db(), seen, now, { msgId, lang: 'es-es', text: 'hola' }, balancesAfter(charge.left, now), rows);
  const state = async () => {
    const u = await db().selectFrom('users').selectAll().where('id', '=', reader.id).executeTakeFirstOrThrow();
    const m = await db()
      .selectFrom('messages')
      .select('translations')
      .where('id', '=', String(msgId))
      .executeTakeFirst();
    return { register: u.register_character_count, translations: m?.translations };
  };
  return { reader, msgId, pay, state };
}

describe('chargeIfUnchanged', () => {
  it('pays and caches in one statement when the row is as it was read', async () => {
    const { reader, pay, state } = await setUp();
    expect(await pay()).toBe('paid');
    expect(await state()).toEqual({ register: 89, translations: { 'es-es': 'hola' } });
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('writes nothing when the balances moved after they were read', async () => {
    const { reader, pay, state } = await setUp();
    await grant(db(), reader.id, { register_character: 50 }, now); // spent elsewhere meanwhile
    expect(await pay()).toBe('changed');
    expect(await state()).toEqual({ register: 50, translations: {} });
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('writes nothing when a membership bought meanwhile changed the day allowance', async () => {
    const { reader, pay, state } = await setUp();
    const ends_at = new Date('2026-04-10T12:00:00Z');
    await upsertMembership(db(), { user_id: reader.id, level_name: LEVEL_VIP, level_sort: 2, ends_at });
    expect(await pay()).toBe('changed');
    expect((await state()).translations).toEqual({});
  });

  it('charges nothing when the translation was cached by someone else first', async () => {
    const { msgId, pay, state } = await setUp();
    await db()
      .updateTable('messages')
      .set({ translations: JSON.stringify({ 'es-es': 'hola de otro' }) })
      .where('id', '=', String(msgId))
      .execute();
    expect(await pay()).toBe('cached');
    expect(await state()).toEqual({ register: 100, translations: { 'es-es': 'hola de otro' } });
  });
});
