/**
 * `npm run bench:pay`: the real server (`node server/main.ts`, PGlite, sandbox provider, as `npm start`) taking
 * payments over HTTP with the encrypted bodies of docs/api.md, Commerce.
 *
 * 1. Card: BENCH_MEMBERS (200) members each buy the largest gold package through the sandbox at once (1, the test
 *    card's approve, 4: the server reads the provider's order, captures it and credits): completions per second.
 * 2. Gold: the same members all at once, each paying BENCH_EACH (5) character packages with gold in a row (1 then 4):
 *    payments per second and the p50/p99 of the completion (4, where the money moves under the row lock) and of
 *    the whole payment. Target: completion p99 < 50 ms. Bounded: fixed counts.
 * BENCH_DATABASE_URL runs the server on another database (memory:// or a postgres:// URL) instead of PGlite files.
 */
import { createHash, randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import { startAppServer } from '../support/app-server.ts';
import { percentile } from './chat-load.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const EACH = Number(process.env.BENCH_EACH ?? 5);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface Envelope<T> {
  code: number;
  message: string | null;
  data: T;
}

const server = await startAppServer({
  PAYMENT_PROVIDER: 'sandbox',
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const base = `${server.url}/h5-api/api`;

async function api<T>(path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Envelope<T>;
}

async function register(i: number): Promise<string> {
  const r = await api<string>('/system/user/register', undefined, {
    username: `pbench_${i}`,
    email: `pbench${i}@bench.io`,
    password: md5('bench-pass'),
    birthday: '1990-01-01',
    gender: (i % 2) + 1,
    country: 'Spain',
  });
  if (r.code !== 200) throw new Error(`register: ${r.code} ${r.message}`);
  return r.data;
}

try {
  const { payloadKey } = (await api<{ payloadKey: string }>('/pay/config')).data;
  const gold = (await api<{ id: number; num: number; amount: number }[]>('/system/gold/spec/all')).data.at(-1)!;
  const chars = (await api<{ id: number; num: number; amount: number }[]>('/system/character/spec/all')).data[0]!;
  const buy = <T>(token: string, type: string, body: Record<string, unknown>) =>
    api<T>(`/buy/${type}`, token, {
      data: CryptoJS.AES.encrypt(JSON.stringify({ payInfo: {}, goldPay: false, ...body }), payloadKey).toString(),
    });

  console.log(`registering ${MEMBERS} members…`);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i += 8) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(8, MEMBERS - i) }, (_, k) => register(i + k)))));
  }

  // 1. Card completions through the sandbox, all members at once.
  let started = performance.now();
  const cardTimes = await Promise.all(
    tokens.map(async (token) => {
      const created = await buy<{ orderId: string }>(token, 'gold', { id: gold.id, paypalStatus: 1 });
      if (created.code !== 200) throw new Error(`card 1: ${created.code} ${created.message}`);
      const orderId = created.data.orderId;
      const approved = await api(`/pay/sandbox/orders/${orderId}/approve`, token, { cardNumber: '4111111111111111' });
      if (approved.code !== 200) throw new Error(`approve: ${approved.code} ${approved.message}`);
      const t0 = performance.now();
      const done = await buy<{ status: number }>(token, 'gold', { id: gold.id, orderId, paypalStatus: 4 });
      if (done.code !== 200 || done.data.status !== 4) throw new Error(`card 4: ${done.code} ${done.message}`);
      return performance.now() - t0;
    }),
  );
  const cardSeconds = (performance.now() - started) / 1000;
  cardTimes.sort((a, b) => a - b);

  // 2. Gold payments: every member at once, EACH in a row.
  const completion: number[] = [];
  const whole: number[] = [];
  started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let k = 0; k < EACH; k++) {
        const orderId = randomUUID();
        const t0 = performance.now();
        const created = await buy(token, 'character', { id: chars.id, orderId, goldPay: true, paypalStatus: 1 });
        if (created.code !== 200) throw new Error(`gold 1: ${created.code} ${created.message}`);
        const t1 = performance.now();
        const done = await buy(token, 'character', { id: chars.id, orderId, goldPay: true, paypalStatus: 4 });
        if (done.code !== 200) throw new Error(`gold 4: ${done.code} ${done.message}`);
        const t2 = performance.now();
        completion.push(t2 - t1);
        whole.push(t2 - t0);
      }
    }),
  );
  const goldSeconds = (performance.now() - started) / 1000;
  completion.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `card (sandbox): ${MEMBERS} completions in ${cardSeconds.toFixed(2)} s = ${(MEMBERS / cardSeconds).toFixed(0)}/s (whole flow); completion p50 ${ms(percentile(cardTimes, 50))}, p99 ${ms(percentile(cardTimes, 99))}`,
  );
  const n = MEMBERS * EACH;
  const p99 = percentile(completion, 99);
  console.log(
    `gold: ${n} payments by ${MEMBERS} members at once in ${goldSeconds.toFixed(2)} s = ${(n / goldSeconds).toFixed(0)}/s; completion p50 ${ms(percentile(completion, 50))}, p99 ${ms(p99)}; whole payment (1 + 4) p50 ${ms(percentile(whole, 50))}, p99 ${ms(percentile(whole, 99))}`,
  );
  console.log(`target gold completion p99 < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
