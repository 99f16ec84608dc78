/** Tests only: a real `ws` client on a listening app that buffers frames so tests can wait for the one they mean. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { AppOverrides } from '../app.ts';
import { bearer, call, makeApp, register, type TestApp } from '../test-helper.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are checked by the tests' own expectations.
export type Frame = Record<string, any>;

export class TestSocket {
  readonly ws: WebSocket;
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters = new Set<() => void>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.#waiters) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  static open(url: string, origin: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { origin, perMessageDeflate: false });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first buffered frame matching `match` (removed from the buffer), waiting up to `timeoutMs` for it. */
  next(match: (f: Frame) => boolean = () => true, timeoutMs = 3000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const at = this.frames.findIndex(match);
        if (at < 0) return false;
        const [frame] = this.frames.splice(at, 1);
        this.#waiters.delete(wake);
        clearTimeout(timer);
        resolve(frame!);
        return true;
      };
      const wake = () => void look();
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms; buffered: ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      if (!look()) this.#waiters.add(wake);
    });
  }

  /** Sends a ping and waits for the pong: proves the socket is open and everything sent before was handled. */
  async roundTrip(): Promise<void> {
    this.send({ action: 'ping', data: {} });
    await this.next((f) => f.action === 'pong');
  }

  /**
   * A WebSocket-level ping answered: the server has read every frame sent before it (frames are read in order, and
   * a ping is answered by the server's socket library without touching the app's frame budget).
   */
  drain(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('pong', () => resolve());
      this.ws.ping();
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

export interface ListeningApp {
  url: string;
  wsUrl: (token: string) => string;
  open: (token: string) => Promise<TestSocket>;
}

/** Listens on a free port; `open` sends the configured public origin, as the app's own pages would. */
export async function listen(app: FastifyInstance): Promise<ListeningApp> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const wsUrl = (token: string) => `${address.replace('http', 'ws')}/ws/${token}`;
  return { url: address, wsUrl, open: (token) => TestSocket.open(wsUrl(token), app.amity.config.publicOrigin) };
}

export async function member(app: FastifyInstance): Promise<{ id: number; token: string; username: string }> {
  const m = await register(app);
  const res = await call(app, { method: 'GET', url: '/h5-api/api/system/user/info', headers: bearer(m.token) });
  return { id: (res.body.data as { id: number }).id, token: m.token, username: m.username };
}

/**
 * One app per test file, listening for real sockets: built before the file's tests, closed after them with every
 * socket `open` gave out. `app` and `server` are there once the tests run.
 */
export function listeningTestApp(env: Record<string, string> = {}, overrides: AppOverrides = {}) {
  let t: TestApp | undefined;
  let server: ListeningApp | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await makeApp(env, overrides);
    server = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });
  return {
    get app() {
      return t!.app;
    },
    get server() {
      return server!;
    },
    async open(token: string): Promise<TestSocket> {
      const s = await server!.open(token);
      sockets.push(s);
      return s;
    },
  };
}
