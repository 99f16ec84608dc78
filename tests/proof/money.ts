/**
 * `npm run proof:money` (issue 14), two halves on two instances sharing one PostgreSQL and Redis, requests sent half
 * to each instance:
 *   - gold: PROOF_SPENDS (200) gold payments at once from one member's balance of 100;
 *   - characters: PROOF_SPENDS (200) translations at once from another member's bought characters (the day allowance
 *     and the registration characters used up, no gold), enough for half of them.
 * Each half: the balance never goes negative, exactly as many succeed as the balance pays for, and the ledger equals
 * the balances. The translation engine is a stand-in LibreTranslate; everything on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import CryptoJS from 'crypto-js';
import pg from 'pg';
import { startCluster } from '../../scripts/lib/cluster.ts';
import { startLibreTranslateStandIn } from '../../server/modules/translate/translate.test-kit.ts';
import { call, registerMember } from '../support/api.ts';
import { PROOF_ENV } from './faults.ts';

const SPENDS = Number(process.env.PROOF_SPENDS ?? 200);
const GRANT = 100;

/** Characters bought: enough for half of the translations of TEXT. */
const TEXT = 'Hello there, friend';
const CHARACTERS = Math.floor(SPENDS / 2) * [...TEXT].length;

console.log(
  `proof:money: ${SPENDS} gold payments at once from a balance of ${GRANT}, then ${SPENDS} translations at once from ` +
    `${CHARACTERS} characters, across two instances; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const translator = await startLibreTranslateStandIn();
const cluster = await startCluster({
  instances: 2,
  env: {
    ...PROOF_ENV,
    PAYMENT_PROVIDER: 'sandbox',
    TRANSLATE_ENGINE: 'libretranslate',
    TRANSLATE_URL: translator.url,
  },
});
const db = new pg.Client({ connectionString: cluster.postgres.url });
let ok = false;
let charactersOk = false;
try {
  await db.connect();
  const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
  const payer = await registerMember(a, `money_${Date.now() % 1e6}`);
  // The grant is a ledger row like any other balance change, so the ledger still explains the balance.
  await db.query('update users set buy_gold = buy_gold + $2 where id = $1', [payer.id, GRANT]);
  await db.query(
    `insert into ledger (user_id, kind, delta, balance_after, reason, ref)
     select id, 'buy_gold', $2, buy_gold, 'proof grant', null from users where id = $1`,
    [payer.id, GRANT],
  );
  const { payloadKey } = await call<{ payloadKey: string }>(a, 'GET', '/api/pay/config');
  const spec = (await call<{ id: number; amount: number }[]>(a, 'GET', '/api/system/character/spec/all'))[0]!;
  const encrypt = (body: Record<string, unknown>) => ({
    data: CryptoJS.AES.encrypt(JSON.stringify({ payInfo: {}, ...body }), payloadKey).toString(),
  });
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SPENDS }, async (_, i) => {
      const base = i % 2 === 0 ? a : b;
      const orderId = randomUUID();
      const body = { id: spec.id, orderId, goldPay: true };
      let outcome: string;
      try {
        await call(base, 'POST', '/api/buy/character', encrypt({ ...body, paypalStatus: 1 }), payer.token);
        await call(base, 'POST', '/api/buy/character', encrypt({ ...body, paypalStatus: 4 }), payer.token);
        outcome = 'paid';
      } catch (error) {
        outcome = (error as Error).message.replace(/^.*?: /, '');
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const user = (
    await db.query<{ buy_gold: string; give_gold: string; buy_character_count: number }>(
      'select buy_gold, give_gold, buy_character_count from users where id = $1',
      [payer.id],
    )
  ).rows[0]!;
  const ledger = (
    await db.query<{ kind: string; total: string }>(
      'select kind, sum(delta) as total from ledger where user_id = $1 group by kind',
      [payer.id],
    )
  ).rows;
  const sumOf = (kind: string) => Number(ledger.find((r) => r.kind === kind)?.total ?? 0);
  const paid = outcomes.get('paid') ?? 0;
  const expectedPaid = Math.floor((GRANT + 1e-9) / spec.amount);
  const gold = Number(user.buy_gold) + Number(user.give_gold);
  const ledgerGold = sumOf('buy_gold') + sumOf('give_gold');
  console.log(`outcomes in ${seconds.toFixed(1)} s: ${[...outcomes].map(([k, n]) => `${k} × ${n}`).join('; ')}`);
  console.log(
    `gold: ${GRANT} granted, ${paid} paid at ${spec.amount} (the balance pays for ${expectedPaid}), ${gold.toFixed(2)} left; ` +
      `ledger says ${ledgerGold.toFixed(2)}; characters ${user.buy_character_count}, ledger says ${sumOf('buy_character')}`,
  );
  ok =
    Number(user.buy_gold) >= 0 &&
    Number(user.give_gold) >= 0 &&
    paid === expectedPaid &&
    Math.abs(gold - ledgerGold) < 1e-6 &&
    Math.abs(gold - (GRANT - paid * spec.amount)) < 1e-6 &&
    user.buy_character_count === sumOf('buy_character');
  console.log(ok ? 'gold: passed' : 'gold: FAILED');
  charactersOk = await spendCharacters(a, b);
  console.log(charactersOk ? 'characters: passed' : 'characters: FAILED');
} finally {
  await db.end().catch(() => {});
  await cluster.stop();
  await translator.close();
}

/** The character half: one member's balance, SPENDS draft translations at once, half to each instance. */
async function spendCharacters(a: string, b: string): Promise<boolean> {
  const reader = await registerMember(a, `chars_${Date.now() % 1e6}`);
  const today = new Date().toISOString().slice(0, 10);
  // Today's allowance and the registration characters spent, CHARACTERS bought: each change with its ledger row.
  const before = (
    await db.query<{ register_character_count: number; day_characters: number; day_characters_date: string | null }>(
      'select register_character_count, day_characters, day_characters_date from users where id = $1',
      [reader.id],
    )
  ).rows[0]!;
  const dayBefore = before.day_characters_date === today ? before.day_characters : 0;
  await db.query(
    `update users set register_character_count = 0, day_characters = 0, day_characters_date = $2,
       buy_character_count = $3 where id = $1`,
    [reader.id, today, CHARACTERS],
  );
  for (const [kind, delta, after] of [
    ['register_character', -before.register_character_count, 0],
    ['day_character', -dayBefore, 0],
    ['buy_character', CHARACTERS, CHARACTERS],
  ] as const) {
    await db.query(
      `insert into ledger (user_id, kind, delta, balance_after, reason, ref) values ($1, $2, $3, $4, 'proof grant', null)`,
      [reader.id, kind, delta, after],
    );
  }
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SPENDS }, async (_, i) => {
      let outcome: string;
      try {
        await call(
          i % 2 === 0 ? a : b,
          'POST',
          '/api/chat/trans/text',
          { text: TEXT, lang: 'es-es', from: 'en-us' },
          reader.token,
        );
        outcome = 'translated';
      } catch (error) {
        outcome = (error as Error).message.replace(/^.*?: /, '');
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const user = (
    await db.query<{
      buy_character_count: number;
      register_character_count: number;
      day_characters: number;
      buy_gold: string;
      give_gold: string;
    }>(
      'select buy_character_count, register_character_count, day_characters, buy_gold, give_gold from users where id = $1',
      [reader.id],
    )
  ).rows[0]!;
  const ledger = (
    await db.query<{ kind: string; total: string }>(
      'select kind, sum(delta) as total from ledger where user_id = $1 group by kind',
      [reader.id],
    )
  ).rows;
  const sumOf = (kind: string) => Number(ledger.find((r) => r.kind === kind)?.total ?? 0);
  const translated = outcomes.get('translated') ?? 0;
  const cost = [...TEXT].length;
  const expected = Math.floor(CHARACTERS / cost);
  console.log(`outcomes in ${seconds.toFixed(1)} s: ${[...outcomes].map(([k, n]) => `${k} × ${n}`).join('; ')}`);
  console.log(
    `characters: ${CHARACTERS} bought, ${translated} translated at ${cost} (the balance pays for ${expected}), ` +
      `${user.buy_character_count} left; ledger says ${sumOf('buy_character')}; gold ${user.buy_gold}/${user.give_gold}`,
  );
  return (
    user.buy_character_count >= 0 &&
    user.register_character_count === 0 &&
    user.day_characters === 0 &&
    Number(user.buy_gold) === 0 &&
    Number(user.give_gold) === 0 &&
    translated === expected &&
    user.buy_character_count === CHARACTERS - translated * cost &&
    user.buy_character_count === sumOf('buy_character') &&
    sumOf('register_character') === 0 &&
    sumOf('day_character') === 0
  );
}

const passed = ok && charactersOk;
console.log(passed ? 'proof:money passed (never negative, ledger equals balances)' : 'proof:money FAILED');
process.exit(passed ? 0 : 1);
