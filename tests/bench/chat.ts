/**
 * `npm run bench:chat`: N authenticated sockets in pairs on 127.0.0.1 against the real server (PGlite, embedded
 * defaults), every message persisted before its ack; then the same load on a bare `ws` relay. Prints messages/s,
 * send→deliver latency percentiles and our/bare throughput. Bounded: registration, two runs of BENCH_SECONDS.
 *
 *   BENCH_SOCKETS (2000)  BENCH_SECONDS (10)  BENCH_WINDOW (1 unacked message per socket)
 */
import { createHash } from 'node:crypto';
import { startAppServer } from '../support/app-server.ts';
import { startBareRelay } from './bare-relay.ts';
import { type LoadResult, type Peer, percentile, runLoad } from './chat-load.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 1);
if (SOCKETS % 2 !== 0 || SOCKETS < 2) throw new Error('BENCH_SOCKETS must be an even number ≥ 2');

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function api<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/h5-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function registerMembers(base: string, count: number): Promise<{ id: number; token: string }[]> {
  const out: { id: number; token: string }[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const token = await api<string>(base, '/api/system/user/register', {
        username: `bench_${i}`,
        email: `bench${i}@bench.io`,
        password: md5('bench-pass'),
        birthday: '1990-01-01',
        gender: (i % 2) + 1,
        country: 'Spain',
        countryId: 724,
      });
      const info = await fetch(`${base}/h5-api/api/system/user/info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { data } = (await info.json()) as { data: { id: number } };
      out[i] = { id: data.id, token };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

function pairsOf(peers: Peer[]): [Peer, Peer][] {
  const pairs: [Peer, Peer][] = [];
  for (let i = 0; i < peers.length; i += 2) pairs.push([peers[i]!, peers[i + 1]!]);
  return pairs;
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

const server = await startAppServer({ RATE_LIMIT_AUTH_PER_MIN: '100000', RATE_LIMIT_ACCOUNT_PER_MIN: '100000' });
let ours: number;
try {
  const t0 = performance.now();
  const members = await registerMembers(server.url, SOCKETS);
  console.log(`registered ${SOCKETS} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const wsBase = server.url.replace('http', 'ws');
  const peers = members.map((m) => ({ id: m.id, url: `${wsBase}/ws/${m.token}` }));
  ours = report(
    'amity',
    await runLoad({ pairs: pairsOf(peers), seconds: SECONDS, window: WINDOW, origin: server.url }),
  );
} finally {
  await server.stop();
}

const relay = await startBareRelay();
try {
  const peers = Array.from({ length: SOCKETS }, (_, i) => ({ id: i + 1, url: `${relay.url}/${i + 1}` }));
  const bare = report('bare ws', await runLoad({ pairs: pairsOf(peers), seconds: SECONDS, window: WINDOW }));
  console.log(`ratio        amity/bare throughput = ${(ours / bare).toFixed(2)}`);
} finally {
  await relay.close();
}
