/**
 * `npm run proof:money` (issue 14): PROOF_SPENDS (200) gold payments at once from one member's balance, sent half to
 * each of two instances on one PostgreSQL and Redis: the balance never goes negative, exactly as many succeed as the
 * balance pays for, and the ledger equals the balances. Everything on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import pg from 'pg';
import { startCluster } from '../../scripts/lib/cluster.ts';
import { call, registerMember } from '../support/api.ts';
import { PROOF_ENV } from './faults.ts';

const SPENDS = Number(process.env.PROOF_SPENDS ?? 200);
const GRANT = 100;

console.log(`proof:money: ${SPENDS} gold payments at once from a balance of ${GRANT}, across two instances`);
const cluster = await startCluster({ instances: 2, env: { ...PROOF_ENV, PAYMENT_PROVIDER: 'sandbox' } });
const db = new pg.Client({ connectionString: cluster.postgres.url });
let ok = false;
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
} finally {
  await db.end().catch(() => {});
  await cluster.stop();
}
console.log(ok ? 'proof:money passed (never negative, ledger equals balances)' : 'proof:money FAILED');
process.exit(ok ? 0 : 1);
