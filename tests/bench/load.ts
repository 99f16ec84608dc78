/**
 * `npm run bench` (issue 14): the load figures, each against a real server process on 127.0.0.1.
 *   1. REST: `GET …/user/info` offered at BENCH_REST_RATE (2,000) requests/s for BENCH_SECONDS, each request from the
 *      next of the BENCH_SOCKETS members in turn: p50/p99/max.
 *   2. Sign-ins with argon2id: BENCH_LOGIN_CONCURRENCY (8) at once for BENCH_SECONDS: logins/s.
 *   3. WebSocket persisted messages, BENCH_SOCKETS (2,000) sockets in pairs, on PGlite and on a throwaway
 *      PostgreSQL, beside a bare `ws` relay on the same load: an open loop at BENCH_CHAT_RATE (5,000) msg/s for the
 *      latency target (msg/s kept up and p99 at that rate), then a closed loop (BENCH_WINDOW unacked per socket) for
 *      the most each can carry: msg/s, p99 and the ratio to the bare relay.
 *   4. Idle authenticated sockets: BENCH_IDLE (20,000) held open on one process, fewer when the file limit
 *      (`ulimit -n`, which the bench and the server share) is lower: the server's RSS before and after, per socket,
 *      and that rate taken to 20,000 sockets when fewer could be opened.
 * Targets (issue 14): REST p99 < 20 ms; ≥ 5,000 msg/s on PostgreSQL at p99 < 100 ms; 20,000 idle sockets < 1.5 GB.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { startPostgres } from '../../scripts/lib/postgres.ts';
import { call, md5 } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { startBareRelay } from './bare-relay.ts';
import { type LoadResult, type Peer, pairsOf, percentile, registerPeers, runLoad } from './chat-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REST_RATE = Number(process.env.BENCH_REST_RATE ?? 2000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
/** Each side holds one descriptor per socket: keep a margin for everything else the processes open. */
const FILE_LIMIT = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 1024);
const IDLE_WANTED = Number(process.env.BENCH_IDLE ?? 20_000);
const IDLE = Math.min(IDLE_WANTED, FILE_LIMIT - 300);
const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 8);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 4);
const CHAT_RATE = Number(process.env.BENCH_CHAT_RATE ?? 5000);
const ENV = {
  RATE_LIMIT_AUTH_PER_MIN: '1000000',
  RATE_LIMIT_ACCOUNT_PER_MIN: '1000000',
  TRANSLATE_ENGINE: 'none',
  LOG_LEVEL: 'warn',
  WS_MSG_PER_SEC: '100000',
  WS_MSG_BURST: '100000',
};

const tokenOf = (peer: Peer) => peer.url.slice(peer.url.lastIndexOf('/') + 1);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** One keep-alive GET; resolves with the status, or 0 when the connection failed. */
function get(agent: Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Open loop: a request every 1/rate s whatever the answers do; latency from the planned start. */
async function restAtRate(server: AppServer, tokens: string[]): Promise<void> {
  // As a load balancer would: a pool of keep-alive connections, requests queued for a free one.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(`${server.url}/h5-api/api/system/user/info`);
  const latencies: number[] = [];
  let failed = 0;
  const total = REST_RATE * SECONDS;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const planned = start + (i * 1000) / REST_RATE;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      get(agent, url, tokens[i % tokens.length]!).then((status) => {
        if (status === 200) latencies.push(performance.now() - planned);
        else failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  const s = sorted(latencies);
  console.log(
    `REST info    ${latencies.length} answered in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)}/s, offered ${REST_RATE}/s), failed ${failed}: ` +
      `p50 ${percentile(s, 50).toFixed(1)} ms  p99 ${percentile(s, 99).toFixed(1)} ms  max ${s.at(-1)?.toFixed(1)} ms → target p99 < 20 ms ${percentile(s, 99) < 20 ? 'met' : 'NOT met'}`,
  );
}

async function logins(server: AppServer, username: string): Promise<void> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await call(server.url, 'POST', '/api/system/user/login', { keyword: username, password: md5('bench-pass') });
      done += 1;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  console.log(`logins       ${done} argon2id sign-ins in ${seconds.toFixed(1)} s = ${(done / seconds).toFixed(0)}/s`);
}

function report(name: string, r: LoadResult): { rate: number; p99: number } {
  const s = sorted(r.latenciesMs);
  const rate = r.acked / r.seconds;
  console.log(
    `${name.padEnd(12)} ${r.sockets} sockets: ${rate.toFixed(0)} msg/s, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, errors ${r.errors}`,
  );
  return { rate, p99: percentile(s, 99) };
}

async function idleSockets(server: AppServer, peers: Peer[]): Promise<void> {
  const before = rssMb(server.pid);
  const sockets: WebSocket[] = [];
  // Up to 10 sockets per member on one instance (MAX_SOCKETS_PER_MEMBER): cycle through the members. 100 at a time.
  for (let i = 0; i < IDLE; i += 100) {
    const batch = Array.from({ length: Math.min(100, IDLE - i) }, (_, k) => peers[(i + k) % peers.length]!);
    sockets.push(
      ...(await Promise.all(
        batch.map(
          (peer) =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(peer.url, { origin: server.url, perMessageDeflate: false });
              ws.once('open', () => resolve(ws));
              ws.once('error', reject);
            }),
        ),
      )),
    );
  }
  // Each signed in (the token check ends with the pong), then left idle a moment.
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          ws.once('message', resolve);
          ws.send(JSON.stringify({ action: 'ping', data: {} }));
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMb(server.pid);
  const perSocketKb = ((after - before) * 1024) / IDLE;
  const at20k = IDLE >= 20_000 ? after : before + (perSocketKb * 20_000) / 1024;
  const limited = IDLE < IDLE_WANTED ? ` (the file limit of ${FILE_LIMIT} allows no more)` : '';
  console.log(
    `idle sockets ${IDLE} authenticated${limited}: server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB, ${perSocketKb.toFixed(1)} KB each; ` +
      `20,000 ${IDLE >= 20_000 ? 'take' : 'would take about'} ${at20k.toFixed(0)} MB → target < 1.5 GB ${at20k < 1536 ? 'met' : 'NOT met'}${IDLE >= 20_000 ? '' : ' (extrapolated)'}`,
  );
  for (const ws of sockets) ws.terminate();
}

interface ChatFigures {
  /** The open loop at CHAT_RATE. */
  atRate: { rate: number; p99: number };
  /** The closed loop: as many as it carries. */
  most: { rate: number; p99: number };
}

/** Both loops on one set of pairs: the open one at CHAT_RATE, then the closed one. */
async function bothLoops(name: string, pairs: [Peer, Peer][], origin?: string): Promise<ChatFigures> {
  const atRate = report(`${name} @${CHAT_RATE}`, await runLoad({ pairs, seconds: SECONDS, rate: CHAT_RATE, origin }));
  const most = report(`${name} most`, await runLoad({ pairs, seconds: SECONDS, window: WINDOW, origin }));
  return { atRate, most };
}

async function chatRun(name: string, env: Record<string, string>): Promise<ChatFigures> {
  const server = await startAppServer({ ...ENV, ...env });
  try {
    const peers = await registerPeers(server.url, SOCKETS, `b${name.slice(0, 2)}_`);
    if (name === 'PGlite') {
      await restAtRate(server, peers.map(tokenOf));
      await logins(server, `b${name.slice(0, 2)}_0`);
      await idleSockets(server, peers);
    }
    return await bothLoops(`chat ${name}`, pairsOf(peers), server.url);
  } finally {
    await server.stop();
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `npm run bench: ${SECONDS} s runs, ${SOCKETS} chat sockets (window ${WINDOW}), ${IDLE} idle sockets; load average ${load()}`,
);
const pglite = await chatRun('PGlite', {});
const postgres = await startPostgres();
let onPostgres: ChatFigures;
try {
  onPostgres = await chatRun('PostgreSQL', { DATABASE_URL: postgres.url });
} finally {
  postgres.stop();
}
const relay = await startBareRelay();
let bare: ChatFigures;
try {
  const pairs = pairsOf(Array.from({ length: SOCKETS }, (_, i) => ({ id: i + 1, url: `${relay.url}/${i + 1}` })));
  bare = await bothLoops('bare ws', pairs);
} finally {
  await relay.close();
}
console.log(
  `ratio        most carried: PGlite/bare ${(pglite.most.rate / bare.most.rate).toFixed(2)}, PostgreSQL/bare ${(onPostgres.most.rate / bare.most.rate).toFixed(2)}; ` +
    `p99 at ${CHAT_RATE}/s: PGlite ${pglite.atRate.p99.toFixed(1)} ms, PostgreSQL ${onPostgres.atRate.p99.toFixed(1)} ms, bare ${bare.atRate.p99.toFixed(1)} ms`,
);
const kept = onPostgres.atRate.rate >= 0.98 * CHAT_RATE;
console.log(
  `target ≥ 5,000 msg/s on PostgreSQL at p99 < 100 ms: ${CHAT_RATE >= 5000 && kept && onPostgres.atRate.p99 < 100 ? 'met' : 'NOT met'} ` +
    `(${onPostgres.atRate.rate.toFixed(0)} msg/s kept up at ${CHAT_RATE} offered, p99 ${onPostgres.atRate.p99.toFixed(1)} ms)`,
);
console.log(`load average at the end ${load()}`);
