/**
 * `npm run bench:translate`: the real server (`node server/main.ts`, PGlite, as `npm start`) translating through
 * Apertium APY on 127.0.0.1 (Debian apertium-apy + apertium-eng-spa). The bench starts APY itself and gives the
 * server its URL, so the engine's own time can be measured on the same APY, alternating with the server's calls.
 *
 * Prints the `trans` round trip p50/p99 for cache misses (through APY) beside APY's own time, for cache hits, and
 * translations per second with BENCH_MEMBERS (200) members translating at once, each BENCH_EACH (5) in a row.
 * Targets: cache hit p99 < 10 ms; the server adds < 5 ms p50 to the engine's own time. Bounded: fixed counts.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { apyInstalled, startApy } from '../../server/adapters/translate/apertium.ts';
import { call, md5 } from '../support/api.ts';
import { startAppServer } from '../support/app-server.ts';
import { percentile } from './chat-load.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const EACH = Number(process.env.BENCH_EACH ?? 5);
const HITS = Number(process.env.BENCH_HITS ?? 1000);

// biome-ignore lint/suspicious/noExplicitAny: frames are read by field.
type Frame = Record<string, any>;

const SUBJECTS = ['The cat', 'My friend', 'The teacher', 'Her brother', 'The old man', 'A small dog', 'Our neighbour'];
const VERBS = ['sleeps in', 'walks to', 'looks at', 'paints', 'cleans', 'remembers', 'leaves'];
const PLACES = ['the house', 'the garden', 'the station', 'the city', 'the school', 'the kitchen', 'the market'];
/** Distinct English sentences of similar length (about 40 characters), so no engine could answer from a cache. */
function sentence(i: number): string {
  const s = SUBJECTS[i % 7]!;
  const v = VERBS[Math.floor(i / 7) % 7]!;
  const p = PLACES[Math.floor(i / 49) % 7]!;
  return `${s} ${v} ${p} on day ${i}.`;
}

class Socket {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  #wake: (() => void) | undefined;
  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.#wake?.();
    });
  }
  static open(url: string, origin: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { origin, perMessageDeflate: false });
      const s = new Socket(ws);
      ws.once('open', () => resolve(s));
      ws.once('error', reject);
    });
  }
  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }
  async next(match: (f: Frame) => boolean, timeoutMs = 30_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.frames.findIndex(match);
      if (at >= 0) return this.frames.splice(at, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no frame in ${timeoutMs} ms; have ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
  /** One `trans` round trip in ms; throws on anything but 200. */
  async trans(msgId: number, lang = 'es-es'): Promise<number> {
    const started = performance.now();
    this.send({ action: 'trans', data: { msgId, lang } });
    const answer = await this.next((f) => f.action === 'trans');
    const ms = performance.now() - started;
    if (answer.code !== 200) throw new Error(`trans ${msgId}: ${answer.code} ${answer.message}`);
    return ms;
  }
  close() {
    this.ws.terminate();
  }
}

async function register(base: string, i: number): Promise<{ id: number; token: string }> {
  const token = await call<string>(base, 'POST', '/api/system/user/register', {
    username: `tbench_${i}`,
    email: `tbench${i}@bench.io`,
    password: md5('bench-pass'),
    birthday: '1990-01-01',
    gender: (i % 2) + 1,
    country: 'Spain',
    countryId: 724,
    language: 'es-es',
  });
  const { id } = await call<{ id: number }>(base, 'GET', '/api/system/user/info', undefined, token);
  return { id, token };
}

const at = (ms: number[], p: number) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    p,
  );

function line(name: string, ms: number[]) {
  return `${name.padEnd(34)} n ${String(ms.length).padStart(5)}  p50 ${at(ms, 50).toFixed(2).padStart(7)} ms  p99 ${at(ms, 99).toFixed(2).padStart(7)} ms`;
}

if (!apyInstalled()) throw new Error('Apertium APY is missing: apt-get install apertium-apy apertium-eng-spa');
const apy = startApy({ timeoutSec: 10 });
const apyUrl = await apy.url;
const server = await startAppServer({
  TRANSLATE_ENGINE: 'apertium',
  TRANSLATE_URL: apyUrl,
  WS_MSG_PER_SEC: '100000',
  WS_MSG_BURST: '100000',
  LOG_LEVEL: 'warn',
});
const sockets: Socket[] = [];
try {
  const wsUrl = (token: string) => `${server.url.replace('http', 'ws')}/ws/${token}`;
  console.log(`registering ${MEMBERS + 1} members…`);
  const writer = await register(server.url, 0);
  const members: { id: number; token: string }[] = [];
  for (let i = 1; i <= MEMBERS; i += 8) {
    const batch = Array.from({ length: Math.min(8, MEMBERS + 1 - i) }, (_, k) => register(server.url, i + k));
    members.push(...(await Promise.all(batch)));
  }
  const ws = await Socket.open(wsUrl(writer.token), server.url);
  sockets.push(ws);
  let sentenceNo = 0;
  /** Messages from the writer to `toId`, each a fresh sentence; answers their ids. */
  async function messagesTo(toId: number, count: number): Promise<{ id: number; text: string }[]> {
    const out: { id: number; text: string }[] = [];
    for (let k = 0; k < count; k++) {
      const clientId = randomUUID();
      const text = sentence(sentenceNo++);
      ws.send({ action: 'chart', data: { toId, type: 1, msg: text, lang: 'en-us', clientId } });
      const ack = await ws.next((f) => f.action === 'chart' && f.data?.clientId === clientId);
      out.push({ id: ack.data.id, text });
    }
    return out;
  }
  const memberSockets = await Promise.all(members.map((m) => Socket.open(wsUrl(m.token), server.url)));
  sockets.push(...memberSockets);

  // Warm-up: APY starts its eng→spa pipeline on first use.
  const warm = await messagesTo(members[0]!.id, 3);
  for (const m of warm) await memberSockets[0]!.trans(m.id);

  // 1. Cache misses one at a time, each beside APY's own time for a sentence of the same shape.
  console.log('cache misses, one at a time…');
  const missIds: number[] = [];
  const engineMs: number[] = [];
  const missMs: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [msg] = await messagesTo(members[i]!.id, 1);
    const direct = sentence(100_000 + i);
    const started = performance.now();
    const res = await fetch(
      `${apyUrl}/translate?${new URLSearchParams({ langpair: 'eng|spa', q: direct, format: 'txt', markUnknown: 'no' })}`,
    );
    await res.json();
    engineMs.push(performance.now() - started);
    missMs.push(await memberSockets[i]!.trans(msg!.id));
    missIds.push(msg!.id);
  }

  // 2. Cache hits one at a time: the same messages again, asked by their readers.
  console.log('cache hits, one at a time…');
  const hitMs: number[] = [];
  for (let k = 0; k < HITS; k++) hitMs.push(await memberSockets[k % MEMBERS]!.trans(missIds[k % MEMBERS]!));

  // 3. Every member translating at once: EACH fresh messages in a row per member (cache misses through APY).
  console.log(`${MEMBERS} members at once, ${EACH} misses each…`);
  const fresh: number[][] = [];
  for (const m of members) fresh.push((await messagesTo(m.id, EACH)).map((x) => x.id));
  const burstMs: number[] = [];
  let started = performance.now();
  await Promise.all(
    memberSockets.map(async (s, i) => {
      for (const id of fresh[i]!) burstMs.push(await s.trans(id));
    }),
  );
  const missSeconds = (performance.now() - started) / 1000;

  // 4. Every member at once on cached translations.
  console.log(`${MEMBERS} members at once, ${EACH} hits each…`);
  const burstHitMs: number[] = [];
  started = performance.now();
  await Promise.all(
    memberSockets.map(async (s, i) => {
      for (const id of fresh[i]!) burstHitMs.push(await s.trans(id));
    }),
  );
  const hitSeconds = (performance.now() - started) / 1000;

  const p50 = (xs: number[]) => at(xs, 50);
  const p99 = (xs: number[]) => at(xs, 99);
  console.log('');
  console.log(line('APY alone (GET /translate)', engineMs));
  console.log(line('trans, cache miss (through APY)', missMs));
  console.log(line('trans, cache hit', hitMs));
  console.log(line(`${MEMBERS} at once, misses`, burstMs));
  console.log(line(`${MEMBERS} at once, hits`, burstHitMs));
  console.log(
    `${MEMBERS} members at once: ${(burstMs.length / missSeconds).toFixed(0)} translations/s through APY, ` +
      `${(burstHitMs.length / hitSeconds).toFixed(0)} translations/s from the cache`,
  );
  // Each server call ran right after an APY call of the same shape: the median of those paired differences is what
  // the server adds, with the machine's load (shared cores) mostly cancelled out; the difference of p50s is shown too.
  const added = p50(missMs.map((ms, i) => ms - engineMs[i]!));
  console.log(
    `server adds ${added.toFixed(2)} ms p50 to APY's own time (paired; p50 difference ${(p50(missMs) - p50(engineMs)).toFixed(2)} ms), ` +
      `target < 5 ms: ${added < 5 ? 'met' : 'NOT met'}; ` +
      `cache hit p99 ${p99(hitMs).toFixed(2)} ms (target < 10 ms): ${p99(hitMs) < 10 ? 'met' : 'NOT met'}`,
  );
} finally {
  for (const s of sockets) s.close();
  await server.stop();
  await apy.stop();
}
