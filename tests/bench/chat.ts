/**
 * `npm run bench:chat`: N authenticated sockets in pairs on 127.0.0.1 against the real server (PGlite, embedded
 * defaults), every message persisted before its ack; then the same load on a bare `ws` relay. Prints messages/s,
 * send→deliver latency percentiles and our/bare throughput. Bounded: registration, two runs of BENCH_SECONDS.
 *
 * Two loads each: an open loop offering BENCH_RATE messages/s (the target's latency is read there), and a closed
 * loop with BENCH_WINDOW unacknowledged messages per socket (saturation: the throughput ratio is read there).
 *
 *   BENCH_SOCKETS (2000)  BENCH_SECONDS (10)  BENCH_RATE (2000)  BENCH_WINDOW (1)
 */
import { startAppServer } from '../support/app-server.ts';
import { startBareRelay } from './bare-relay.ts';
import { type LoadResult, pairsOf, percentile, registerPeers, runLoad } from './chat-load.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
if (SOCKETS % 2 !== 0 || SOCKETS < 2) throw new Error('BENCH_SOCKETS must be an even number ≥ 2');

function p99Of(r: LoadResult): number {
  return percentile(
    [...r.latenciesMs].sort((a, b) => a - b),
    99,
  );
}

function report(name: string, r: LoadResult) {
  const sorted = [...r.latenciesMs].sort((a, b) => a - b);
  const rate = r.acked / r.seconds;
  console.log(
    `${name.padEnd(12)} sockets ${r.sockets}  acked ${r.acked} in ${r.seconds.toFixed(1)} s = ${rate.toFixed(0)} msg/s  ` +
      `delivered ${r.delivered}  errors ${r.errors}  latency p50 ${percentile(sorted, 50).toFixed(1)} ms  ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms  p99.9 ${percentile(sorted, 99.9).toFixed(1)} ms`,
  );
  return rate;
}

const TARGET = { rate: 2000, p99Ms: 100 };

const server = await startAppServer({ RATE_LIMIT_AUTH_PER_MIN: '100000', RATE_LIMIT_ACCOUNT_PER_MIN: '100000' });
let ours: number;
let oursAtRate: { rate: number; p99: number };
try {
  const t0 = performance.now();
  const pairs = pairsOf(await registerPeers(server.url, SOCKETS, 'bench_'));
  console.log(`registered ${SOCKETS} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`\nopen loop, ${RATE} msg/s offered over ${SOCKETS} sockets for ${SECONDS} s`);
  const atRate = await runLoad({ pairs, seconds: SECONDS, rate: RATE, origin: server.url });
  oursAtRate = { rate: report('amity', atRate), p99: p99Of(atRate) };
  console.log(`\nclosed loop, ${WINDOW} unacked message(s) per socket (saturation)`);
  ours = report('amity', await runLoad({ pairs, seconds: SECONDS, window: WINDOW, origin: server.url }));
} finally {
  await server.stop();
}

const relay = await startBareRelay();
try {
  const pairs = pairsOf(Array.from({ length: SOCKETS }, (_, i) => ({ id: i + 1, url: `${relay.url}/${i + 1}` })));
  console.log(`\nbare ws relay, same loads`);
  report('bare ws', await runLoad({ pairs, seconds: SECONDS, rate: RATE }));
  const bare = report('bare ws', await runLoad({ pairs, seconds: SECONDS, window: WINDOW }));
  console.log(`\nratio        amity/bare saturated throughput = ${(ours / bare).toFixed(2)}`);
} finally {
  await relay.close();
}
const met = oursAtRate.rate >= TARGET.rate * 0.98 && oursAtRate.p99 < TARGET.p99Ms;
console.log(
  `target       ≥ ${TARGET.rate} persisted msg/s at p99 < ${TARGET.p99Ms} ms with ${SOCKETS} sockets: ` +
    `${oursAtRate.rate.toFixed(0)} msg/s at p99 ${oursAtRate.p99.toFixed(1)} ms → ${met ? 'met' : 'NOT met'}`,
);
