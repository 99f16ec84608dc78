/**
 * `npm run proof:faults` (issue 14): clients in pairs send messages to each other through nginx to two instances on
 * one PostgreSQL and one Redis, while one instance is killed with SIGKILL (and started again), Redis is restarted,
 * the other instance is killed, and the first one again (each fault's line says how many messages were acked when it
 * struck, so a fault after the traffic ended shows). Afterwards it compares what senders sent and had acked, what the database
 * holds and what each receiver got: lost, duplicated and out of order must all be 0. Everything on 127.0.0.1.
 *
 * PROOF_CLIENTS (200), PROOF_MESSAGES (100 each), PROOF_PACE_MS (120 between two messages of a client; a fault
 * that strikes after every message was acked fails the proof), PROOF_TIMEOUT_S (180). `runFaults` is also the multi-instance CI
 * test's body (tests/cluster/two-processes.test.ts), smaller.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Cluster, startCluster } from '../../scripts/lib/cluster.ts';
import { registerMember } from '../support/api.ts';
import { ProofClient } from './chat-client.ts';

export interface FaultOptions {
  clients: number;
  messages: number;
  timeoutMs: number;
  /** Each client's pause between two messages (40 ms): the traffic must outlast the faults. */
  paceMs?: number;
  /** The faults, in order, while the messages flow. */
  faults: ('kill-first' | 'kill-second' | 'restart-redis')[];
  log?: (line: string) => void;
}

export interface FaultFigures {
  clients: number;
  sent: number;
  acked: number;
  stored: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  unfinished: number;
  repeatedFrames: number;
  reconnects: number;
  resends: number;
  seconds: number;
  faults: string[];
  /** Faults that struck once every message was acked: they proved nothing (slow the clients: paceMs). */
  lateFaults: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function injectFaults(
  cluster: Cluster,
  faults: FaultOptions['faults'],
  log: (l: string) => void,
  acked: () => number,
  total: number,
) {
  const done: string[] = [];
  let late = 0;
  for (const fault of faults) {
    await sleep(1500);
    const started = Date.now();
    const at = acked();
    if (at >= total) late += 1;
    if (fault === 'restart-redis') {
      await cluster.redis.halt();
      await sleep(1000);
      await cluster.redis.start();
    } else {
      const instance = cluster.instances[fault === 'kill-first' ? 0 : 1]!;
      await instance.kill();
      await sleep(1000);
      await instance.start();
    }
    const line = `${fault} at ${at} of ${total} acked: back after ${((Date.now() - started) / 1000).toFixed(1)} s`;
    log(line);
    done.push(line);
  }
  return { done, late };
}

export async function runFaults(cluster: Cluster, options: FaultOptions): Promise<FaultFigures> {
  const log = options.log ?? (() => {});
  const base = cluster.url;
  const members = [];
  for (let i = 0; i < options.clients; i++) {
    members.push(await registerMember(base, `f${(Date.now() % 1e8).toString(36)}_${i}`));
  }
  log(`${members.length} members registered`);
  const clients: ProofClient[] = [];
  for (let i = 0; i < members.length; i += 2) {
    const [a, b] = [members[i]!, members[i + 1]!];
    const texts = (who: number) => Array.from({ length: options.messages }, (_, n) => `c${who}-${n}`);
    clients.push(new ProofClient(a, b, base, texts(i), options.messages, options.paceMs ?? 40));
    clients.push(new ProofClient(b, a, base, texts(i + 1), options.messages, options.paceMs ?? 40));
  }
  const started = Date.now();
  for (const c of clients) c.start();
  const total = clients.length * options.messages;
  const faults = injectFaults(
    cluster,
    options.faults,
    log,
    () => clients.reduce((n, c) => n + c.acked.length, 0),
    total,
  );
  const all = Promise.all(clients.map((c) => c.finished));
  const timedOut = await Promise.race([all.then(() => false), sleep(options.timeoutMs).then(() => true)]);
  const { done: faultLines, late: lateFaults } = await faults;
  const seconds = (Date.now() - started) / 1000;
  const lastAck = Math.max(...clients.map((c) => c.lastAckAt)) - started;
  const lastReceived = Math.max(...clients.map((c) => c.lastReceivedAt)) - started;
  log(`last ack at ${(lastAck / 1000).toFixed(1)} s, last message received at ${(lastReceived / 1000).toFixed(1)} s`);
  const waiting = clients.filter((c) => c.received.size < options.messages);
  for (const c of waiting.slice(0, 5)) {
    log(`receiver ${c.me.id} (from ${c.peer.id}): ${c.received.size} held, ${c.connects} connects, open ${c.open}`);
  }
  for (const c of clients) c.stop();
  if (timedOut) log(`timed out after ${options.timeoutMs / 1000} s`);

  const db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
  const ids = members.map((m) => m.id);
  const rows = (
    await db.query<{ id: number; sender_id: number; client_id: string; msg: string }>(
      'select id, sender_id, client_id, msg from messages where sender_id = any($1) order by id',
      [ids],
    )
  ).rows;
  await db.end();

  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  const bySender = new Map<number, typeof rows>();
  for (const row of rows) bySender.set(row.sender_id, [...(bySender.get(row.sender_id) ?? []), row]);
  for (const c of clients) {
    const stored = bySender.get(c.me.id) ?? [];
    const texts = c.outbox.map((o) => o.text);
    // The database: each sent message exactly once, in the order it was sent.
    const storedTexts = stored.map((r) => r.msg);
    duplicated += storedTexts.length - new Set(storedTexts).size;
    lost += texts.filter((t) => !storedTexts.includes(t)).length;
    if (storedTexts.join('\n') !== texts.slice(0, storedTexts.length).join('\n')) outOfOrder += 1;
    // Every ack names a stored row of this sender.
    const storedIds = new Set(stored.map((r) => Number(r.id)));
    lost += c.acked.filter((id) => !storedIds.has(id)).length;
    // The partner holds every stored message once, in the order sent; live frames came in that order too.
    const partner = clients.find((p) => p.me.id === c.peer.id)!;
    const got = [...partner.received.entries()].sort((x, y) => x[0] - y[0]).map(([, msg]) => msg);
    lost += storedTexts.filter((t) => !got.includes(t)).length;
    duplicated += got.length - new Set(got).size;
    if (got.join('\n') !== storedTexts.join('\n')) outOfOrder += 1;
    if (partner.live.some((id, n) => n > 0 && id < partner.live[n - 1]!)) outOfOrder += 1;
  }
  return {
    clients: clients.length,
    sent: clients.reduce((n, c) => n + c.outbox.length, 0),
    acked: clients.reduce((n, c) => n + c.acked.length, 0),
    stored: rows.length,
    lost,
    duplicated,
    outOfOrder,
    unfinished: clients.filter((c) => !c.sentAll || c.received.size < options.messages).length,
    repeatedFrames: clients.reduce((n, c) => n + c.repeatedFrames, 0),
    reconnects: clients.reduce((n, c) => n + c.connects - 1, 0),
    resends: clients.reduce((n, c) => n + c.resends, 0),
    seconds,
    faults: faultLines,
    lateFaults,
  };
}

/** Instances for the proofs: demo off, limits opened for the registrations, quiet logs. */
export const PROOF_ENV = {
  DEMO: '0',
  LOG_LEVEL: 'error',
  TRANSLATE_ENGINE: 'none',
  RATE_LIMIT_AUTH_PER_MIN: '1000000',
  RATE_LIMIT_ACCOUNT_PER_MIN: '1000000',
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clients = Number(process.env.PROOF_CLIENTS ?? 200);
  const messages = Number(process.env.PROOF_MESSAGES ?? 100);
  const timeoutMs = Number(process.env.PROOF_TIMEOUT_S ?? 180) * 1000;
  // 100 messages 120 ms apart last 12 s at least: longer than the four faults take.
  const paceMs = Number(process.env.PROOF_PACE_MS ?? 120);
  console.log(`proof:faults: ${clients} clients in pairs, ${messages} messages each, two instances behind nginx`);
  const cluster = await startCluster({ instances: 2, nginx: true, env: PROOF_ENV });
  let figures: FaultFigures;
  try {
    figures = await runFaults(cluster, {
      clients,
      messages,
      timeoutMs,
      paceMs,
      faults: ['kill-first', 'restart-redis', 'kill-second', 'kill-first'],
      log: (line) => console.log(`  ${line}`),
    });
  } finally {
    await cluster.stop();
  }
  console.log(`
sent ${figures.sent}, acked ${figures.acked}, stored ${figures.stored} in ${figures.seconds.toFixed(1)} s
reconnects ${figures.reconnects}, resends ${figures.resends}, repeated live frames merged ${figures.repeatedFrames}
lost ${figures.lost}, duplicated ${figures.duplicated}, out of order ${figures.outOfOrder}, unfinished ${figures.unfinished}, faults after the traffic ${figures.lateFaults}`);
  const ok =
    figures.lost === 0 &&
    figures.duplicated === 0 &&
    figures.outOfOrder === 0 &&
    figures.unfinished === 0 &&
    figures.lateFaults === 0;
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(ok ? 'proof:faults passed' : 'proof:faults FAILED');
  process.exit(ok ? 0 : 1);
}
