/**
 * The load generator of `npm run bench:chat`: N sockets in pairs, each pair talking both ways with a bounded
 * window of unacknowledged messages, for a fixed time. It measures acks per second (a persisted message on our
 * server) and send→deliver latency at the receiver. The same generator drives our server and the bare relay.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { call, md5 } from '../support/api.ts';

export interface Peer {
  id: number;
  url: string;
}

/** Registers `count` members named `<prefix><i>`, eight at a time, each with its socket address on `base`. */
export async function registerPeers(base: string, count: number, prefix: string): Promise<Peer[]> {
  const out: Peer[] = new Array(count);
  let next = 0;
  const wsBase = base.replace('http', 'ws');
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const token = await call<string>(base, 'POST', '/api/system/user/register', {
        username: `${prefix}${i}`,
        email: `${prefix}${i}@bench.io`,
        password: md5('bench-pass'),
        birthday: '1990-01-01',
        gender: (i % 2) + 1,
        country: 'Spain',
        countryId: 724,
      });
      const { id } = await call<{ id: number }>(base, 'GET', '/api/system/user/info', undefined, token);
      out[i] = { id, url: `${wsBase}/ws/${token}` };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

/** Peers two by two (an odd last one is left out): each pair talks both ways. */
export function pairsOf(peers: Peer[]): [Peer, Peer][] {
  const pairs: [Peer, Peer][] = [];
  for (let i = 0; i + 1 < peers.length; i += 2) pairs.push([peers[i]!, peers[i + 1]!]);
  return pairs;
}

export interface LoadResult {
  sockets: number;
  seconds: number;
  acked: number;
  delivered: number;
  errors: number;
  latenciesMs: number[];
}

export interface LoadOptions {
  pairs: [Peer, Peer][];
  seconds: number;
  /** Closed loop: unacknowledged messages each socket may have in flight. */
  window?: number;
  /** Open loop: total messages per second offered, spread evenly over the sockets (overrides window). */
  rate?: number;
  origin?: string;
}

function open(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function openAll(urls: string[], origin?: string, batch = 200): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += batch) {
    sockets.push(...(await Promise.all(urls.slice(i, i + batch).map((u) => open(u, origin)))));
  }
  return sockets;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const peers = options.pairs.flat();
  const sockets = await openAll(
    peers.map((p) => p.url),
    options.origin,
  );
  const result: LoadResult = {
    sockets: sockets.length,
    seconds: options.seconds,
    acked: 0,
    delivered: 0,
    errors: 0,
    latenciesMs: [],
  };
  let running = true;
  const started = performance.now();

  peers.forEach((me, index) => {
    const ws = sockets[index]!;
    const peer = peers[index % 2 === 0 ? index + 1 : index - 1]!;
    let inFlight = 0;
    const sendOne = () => {
      const msg = `t${performance.now().toFixed(3)}`;
      ws.send(
        JSON.stringify({ action: 'chart', data: { toId: peer.id, type: 1, msg, lang: 'en', clientId: randomUUID() } }),
      );
    };
    const window = options.window ?? 1;
    const pump = () => {
      if (options.rate) return;
      while (running && inFlight < window) {
        inFlight += 1;
        sendOne();
      }
    };
    if (options.rate) {
      // Each socket sends on its own fixed period with a random phase, whatever the acks do (open loop).
      const periodMs = (1000 * peers.length) / options.rate;
      const tick = () => {
        if (!running) return;
        sendOne();
        setTimeout(tick, periodMs);
      };
      setTimeout(tick, Math.random() * periodMs);
    }
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.action !== 'chart') return;
      if (frame.code && frame.code !== 200) {
        result.errors += 1;
        inFlight -= 1;
        pump();
        return;
      }
      if (frame.data.senderId === me.id) {
        result.acked += 1;
        inFlight -= 1;
        pump();
      } else if (running) {
        result.delivered += 1;
        result.latenciesMs.push(performance.now() - Number(String(frame.data.msg).slice(1)));
      }
    });
    pump();
  });

  await new Promise((r) => setTimeout(r, options.seconds * 1000));
  running = false;
  result.seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  for (const ws of sockets) ws.terminate();
  return result;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
