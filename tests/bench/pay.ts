/**
 * `npm run bench:pay`: the real server (`node server/main.ts`, PGlite, sandbox provider, as `npm start`) taking
 * payments over HTTP with the encrypted bodies of docs/api.md, Commerce.
 *
 * 1. Card: BENCH_MEMBERS (200) members each buy the largest gold package through the sandbox at once (1, the test
 *    card's approve, 4: the server reads the provider's order, captures it and credits): completions per second.
 * 2. Gold, the most carried: the same members all at once, each paying BENCH_EACH (5) character packages with gold
 *    back to back (1 then 4, the next as soon as the last is answered): payments per second. A closed loop at
 *    saturation: its latency is 200 ÷ that rate by construction (printed, for what it is).
 * 3. Gold at a steady rate: the 200 members together start BENCH_PAY_RATE (500) payments a second for
 *    BENCH_PAY_SECONDS (3), each member one every 0.4 s on its schedule whether or not the last one was answered (an
 *    open loop, as members pay): p50/p99 of the completion (4, where the money moves under the row lock) and of the
 *    whole payment (1 + 4), counted from when it was due, so a server that falls behind is charged for the wait; and
 *    how busy the server's thread was. A latency stated at a rate says something below saturation: at 1,000/s the
 *    thread is busy all the time on these machines (phase 2 shows the most it carries).
 * 4. Gold, 200 at once: every member opens one gold payment (1), then all send its completion (4, bodies encrypted
 *    beforehand) at the same moment: p50/p99 of those completions.
 * Target: gold payment p99 < 50 ms, with 200 members paying at once (4) and at the steady rate (3). Bounded: fixed
 * counts and durations. Requests go over keep-alive connections
 * (http-client.ts), as from a load balancer: not through fetch, whose own cost would be counted as the server's.
 * BENCH_DATABASE_URL runs the server on another database (memory:// or a postgres:// URL) instead of PGlite files;
 * BENCH_POSTGRES=1 starts a throwaway PostgreSQL for it (Debian's server, as the tests do) and stops it at the end.
 * The load average is printed before and after: figures taken on a busy machine say little.
 * Each phase also prints the server's CPU time per payment (from /proc): on a busy machine latencies swing with the
 * load, CPU per payment much less.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import CryptoJS from 'crypto-js';
import { startPostgres } from '../../scripts/lib/postgres.ts';
import { md5 } from '../support/api.ts';
import { startAppServer } from '../support/app-server.ts';
import { percentile } from './chat-load.ts';
import { benchClient } from './http-client.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const EACH = Number(process.env.BENCH_EACH ?? 5);
const RATE = Number(process.env.BENCH_PAY_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_PAY_SECONDS ?? 3);

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const postgres = process.env.BENCH_POSTGRES === '1' ? await startPostgres() : undefined;
const databaseUrl = postgres?.url ?? process.env.BENCH_DATABASE_URL;
console.log(
  `database: ${databaseUrl ? databaseUrl.replace(/\/\/[^@]*@/, '//') : 'PGlite (files)'}; load average ${load()}`,
);
const server = await startAppServer({
  PAYMENT_PROVIDER: 'sandbox',
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
/** The server's CPU time so far (user + system), in ms; 0 where /proc is not there. */
function serverCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
const client = benchClient(server.url);
const api = <T>(path: string, token?: string, body?: unknown) =>
  client.call<T>(body === undefined ? 'GET' : 'POST', `/api${path}`, body, token);

function register(i: number): Promise<string> {
  return client.call<string>('POST', '/api/system/user/register', {
    username: `pbench_${i}`,
    email: `pbench${i}@bench.io`,
    password: md5('bench-pass'),
    birthday: '1990-01-01',
    gender: (i % 2) + 1,
    country: 'Spain',
  });
}

try {
  const { payloadKey } = await api<{ payloadKey: string }>('/pay/config');
  const gold = (await api<{ id: number; num: number; amount: number }[]>('/system/gold/spec/all')).at(-1)!;
  const chars = (await api<{ id: number; num: number; amount: number }[]>('/system/character/spec/all'))[0]!;
  const encrypt = (body: Record<string, unknown>) => ({
    data: CryptoJS.AES.encrypt(JSON.stringify({ payInfo: {}, goldPay: false, ...body }), payloadKey).toString(),
  });
  const buy = <T>(token: string, type: string, body: Record<string, unknown>) =>
    api<T>(`/buy/${type}`, token, encrypt(body));

  console.log(`registering ${MEMBERS} members…`);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i += 8) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(8, MEMBERS - i) }, (_, k) => register(i + k)))));
  }

  // 1. Card completions through the sandbox, all members at once.
  let cpu = serverCpuMs();
  let started = performance.now();
  const cardTimes = await Promise.all(
    tokens.map(async (token) => {
      const { orderId } = await buy<{ orderId: string }>(token, 'gold', { id: gold.id, paypalStatus: 1 });
      await api(`/pay/sandbox/orders/${orderId}/approve`, token, { cardNumber: '4111111111111111' });
      const t0 = performance.now();
      const done = await buy<{ status: number }>(token, 'gold', { id: gold.id, orderId, paypalStatus: 4 });
      if (done.status !== 4) throw new Error(`card 4: status ${done.status}`);
      return performance.now() - t0;
    }),
  );
  const cardSeconds = (performance.now() - started) / 1000;
  const cardCpu = (serverCpuMs() - cpu) / MEMBERS;
  cardTimes.sort((a, b) => a - b);

  /** One gold payment (1, then 4): when its order was open and when it was done. */
  const payWithGold = async (token: string) => {
    const orderId = randomUUID();
    await buy(token, 'character', { id: chars.id, orderId, goldPay: true, paypalStatus: 1 });
    const opened = performance.now();
    await buy(token, 'character', { id: chars.id, orderId, goldPay: true, paypalStatus: 4 });
    return { opened, done: performance.now() };
  };

  // 2. Gold payments: every member at once, EACH in a row.
  const completion: number[] = [];
  const whole: number[] = [];
  cpu = serverCpuMs();
  started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let k = 0; k < EACH; k++) {
        const t0 = performance.now();
        const { opened, done } = await payWithGold(token);
        completion.push(done - opened);
        whole.push(done - t0);
      }
    }),
  );
  const goldSeconds = (performance.now() - started) / 1000;
  const goldCpu = (serverCpuMs() - cpu) / (MEMBERS * EACH);
  completion.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);

  // 3. Gold at a steady rate: payment n is due at start + n / RATE, paid by member n mod MEMBERS.
  const steadyCompletion: number[] = [];
  const steadyWhole: number[] = [];
  const payments = Math.round(RATE * SECONDS);
  cpu = serverCpuMs();
  started = performance.now();
  await Promise.all(
    Array.from({ length: payments }, async (_, n) => {
      const due = started + (n * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const { opened, done } = await payWithGold(tokens[n % MEMBERS]!);
      steadyCompletion.push(done - opened);
      steadyWhole.push(done - due);
    }),
  );
  const steadySeconds = (performance.now() - started) / 1000;
  const steadyCpuMs = serverCpuMs() - cpu;
  const steadyCpu = steadyCpuMs / payments;
  const steadyBusy = steadyCpuMs / (steadySeconds * 1000);
  steadyCompletion.sort((a, b) => a - b);
  steadyWhole.sort((a, b) => a - b);

  // 4. 200 at once: each member's one completion sent at the same moment.
  const opened = await Promise.all(
    tokens.map(async (token) => {
      const orderId = randomUUID();
      await buy(token, 'character', { id: chars.id, orderId, goldPay: true, paypalStatus: 1 });
      return { token, body: encrypt({ id: chars.id, orderId, goldPay: true, paypalStatus: 4 }) };
    }),
  );
  cpu = serverCpuMs();
  const burst = await Promise.all(
    opened.map(async ({ token, body }) => {
      const t0 = performance.now();
      const done = await api<{ status: number }>('/buy/character', token, body);
      if (done.status !== 4) throw new Error(`gold 4: status ${done.status}`);
      return performance.now() - t0;
    }),
  );
  const burstCpu = (serverCpuMs() - cpu) / MEMBERS;
  burst.sort((a, b) => a - b);

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `card (sandbox): ${MEMBERS} completions in ${cardSeconds.toFixed(2)} s = ${(MEMBERS / cardSeconds).toFixed(0)}/s (whole flow); completion p50 ${ms(percentile(cardTimes, 50))}, p99 ${ms(percentile(cardTimes, 99))}; server CPU ${ms(cardCpu)} per card payment`,
  );
  const n = MEMBERS * EACH;
  console.log(
    `gold, the most carried: ${n} payments by ${MEMBERS} members back to back in ${goldSeconds.toFixed(2)} s = ${(n / goldSeconds).toFixed(0)}/s; server CPU ${ms(goldCpu)} per payment (a closed loop: completion p50 ${ms(percentile(completion, 50))}, p99 ${ms(percentile(completion, 99))}; whole payment p99 ${ms(percentile(whole, 99))}, about ${MEMBERS} ÷ the rate)`,
  );
  const steadyP99 = percentile(steadyWhole, 99);
  console.log(
    `gold at ${RATE}/s from ${MEMBERS} members: ${payments} payments in ${steadySeconds.toFixed(2)} s; completion p50 ${ms(percentile(steadyCompletion, 50))}, p99 ${ms(percentile(steadyCompletion, 99))}; whole payment (1 + 4, from when due) p50 ${ms(percentile(steadyWhole, 50))}, p99 ${ms(steadyP99)}; server CPU ${ms(steadyCpu)} per payment, ${(steadyBusy * 100).toFixed(0)}% of one core`,
  );
  const burstP99 = percentile(burst, 99);
  console.log(
    `gold, ${MEMBERS} completions at once: p50 ${ms(percentile(burst, 50))}, p99 ${ms(burstP99)}; server CPU ${ms(burstCpu)} per completion`,
  );
  const verdict = (v: number) => `${ms(v)} ${v < 50 ? 'met' : 'NOT met'}`;
  console.log(
    `target gold payment p99 < 50 ms: ${MEMBERS} completions at once ${verdict(burstP99)}; whole payments at ${RATE}/s ${verdict(steadyP99)}`,
  );
  console.log(`load average after: ${load()}`);
} finally {
  client.close();
  await server.stop();
  postgres?.stop();
}
