import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_REPLACED_CLOSE_CODE, SOCKET_RETRY_MS } from '#protocol/constants.ts';
import { createSocket, type Network, type PageVisibility, type SocketEvent } from './socket.ts';

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  sent: string[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.onclose?.({ code: code ?? 1005 });
  }
  serverOpens() {
    this.onopen?.();
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverDrops(code = 1006) {
    this.onclose?.({ code });
  }
}

const last = () => FakeWebSocket.all[FakeWebSocket.all.length - 1]!;
const make = (token: string | null = 'tok en') =>
  createSocket({
    getToken: () => token,
    baseUrl: () => 'ws://app.test',
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
  });

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('socket', () => {
  it('connects with the token appended to the address', () => {
    make().connect();
    expect(last().url).toBe('ws://app.test/ws/tok%20en');
  });

  it('reports "no token" and opens nothing without a token', () => {
    const socket = make(null);
    const events: SocketEvent[] = [];
    socket.onEvent((e) => events.push(e));
    socket.connect();
    expect(events).toEqual([{ kind: 'no-token' }]);
    expect(FakeWebSocket.all).toHaveLength(0);
  });

  it('reports "unsupported" when the browser has no WebSocket', () => {
    const socket = createSocket({ getToken: () => 't', WebSocketImpl: undefined as unknown as typeof WebSocket });
    const original = globalThis.WebSocket;
    // @ts-expect-error simulating a browser without WebSocket
    delete globalThis.WebSocket;
    const events: SocketEvent[] = [];
    socket.onEvent((e) => events.push(e));
    socket.connect();
    globalThis.WebSocket = original;
    expect(events).toEqual([{ kind: 'unsupported' }]);
  });

  it('reconnects 3 s after a close, not before', () => {
    make().connect();
    last().serverOpens();
    last().serverDrops();
    vi.advanceTimersByTime(2_999);
    expect(FakeWebSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('pings every 20 s while open', () => {
    make().connect();
    last().serverOpens();
    vi.advanceTimersByTime(19_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent.map((s) => JSON.parse(s).action)).toEqual(['ping']);
    last().serverSends({ action: 'pong' });
    vi.advanceTimersByTime(20_000);
    expect(last().sent).toHaveLength(2);
  });

  it('closes when no pong came for 90 s and then reconnects', () => {
    make().connect();
    const first = last();
    first.serverOpens();
    vi.advanceTimersByTime(80_000);
    expect(first.closed).toBeNull();
    vi.advanceTimersByTime(20_000);
    expect(first.closed?.reason).toBe('pong timeout');
    vi.advanceTimersByTime(3_000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('a keep-alive that lapses closes exactly 90 s after the last pong, and only a pong counts', () => {
    make().connect();
    const first = last();
    first.serverOpens();
    first.serverSends({ action: 'unreadAll', code: 200, data: 0 }); // any other frame: not a pong
    vi.advanceTimersByTime(89_999);
    expect(first.closed).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closed?.reason).toBe('pong timeout');

    vi.advanceTimersByTime(3_000);
    const second = last();
    second.serverOpens();
    vi.advanceTimersByTime(50_000);
    second.serverSends({ action: 'pong', code: 200, data: null });
    vi.advanceTimersByTime(89_999);
    expect(second.closed).toBeNull();
    vi.advanceTimersByTime(1);
    expect(second.closed?.reason).toBe('pong timeout');
  });

  it('offline closes the socket at once and waits; online reconnects at once, not at the next retry', () => {
    const listeners = new Set<(online: boolean) => void>();
    let up = true;
    const network: Network = {
      online: () => up,
      subscribe: (l) => void listeners.add(l),
    };
    const set = (next: boolean) => {
      up = next;
      for (const l of listeners) l(next);
    };
    const socket = createSocket({
      getToken: () => 't',
      baseUrl: () => 'ws://app.test',
      WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
      network,
    });
    const seen: string[] = [];
    socket.onStatus((status) => seen.push(`${status}:${socket.online}`));
    socket.connect();
    last().serverOpens();
    set(false);
    expect(socket.status).toBe('closed');
    expect(socket.online).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    set(true);
    expect(FakeWebSocket.all).toHaveLength(2);
    expect(seen).toEqual(['connecting:true', 'open:true', 'closed:false', 'connecting:true']);
    socket.disconnect();
    set(false);
    set(true);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('on a 401 frame reports unauthorized, closes and does not reconnect', () => {
    const socket = make();
    const events: SocketEvent[] = [];
    socket.onEvent((e) => events.push(e));
    socket.connect();
    last().serverOpens();
    last().serverSends({ code: 401 });
    expect(events).toEqual([{ kind: 'unauthorized' }]);
    expect(last().closed).not.toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('reports other error codes with their message and still delivers the frame', () => {
    const socket = make();
    const events: SocketEvent[] = [];
    const frames: unknown[] = [];
    socket.onEvent((e) => events.push(e));
    socket.onFrame((f) => frames.push(f));
    socket.connect();
    last().serverOpens();
    last().serverSends({ action: 'chart', code: 403, message: 'You have been blocked' });
    expect(events).toEqual([{ kind: 'error', code: 403, message: 'You have been blocked' }]);
    expect(frames).toHaveLength(1);
  });

  it('a send while disconnected is retried once after 1 s', async () => {
    const socket = make();
    socket.connect();
    const sent = socket.send({ action: 'ping', data: {} });
    vi.advanceTimersByTime(500);
    last().serverOpens();
    vi.advanceTimersByTime(500);
    await expect(sent).resolves.toBe(true);
    expect(last().sent).toHaveLength(1);

    last().serverDrops();
    const lost = socket.send({ action: 'ping', data: {} });
    vi.advanceTimersByTime(1_000);
    await expect(lost).resolves.toBe(false);
  });

  it('disconnect closes for good', () => {
    const socket = make();
    socket.connect();
    last().serverOpens();
    socket.disconnect();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(socket.status).toBe('closed');
  });

  describe('replaced by a newer socket of the same member (close 4429)', () => {
    const setup = () => {
      const listeners = new Set<(visible: boolean) => void>();
      let shown = true;
      const visibility: PageVisibility = { visible: () => shown, subscribe: (l) => void listeners.add(l) };
      const show = (next: boolean) => {
        shown = next;
        for (const l of listeners) l(next);
      };
      const socket = createSocket({
        getToken: () => 't',
        baseUrl: () => 'ws://app.test',
        WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
        visibility,
      });
      socket.connect();
      last().serverOpens();
      return { socket, show };
    };

    it('does not reconnect by itself, so tabs do not keep closing each other', () => {
      const { show } = setup();
      show(false);
      last().serverDrops(SOCKET_REPLACED_CLOSE_CODE);
      vi.advanceTimersByTime(SOCKET_RETRY_MS * 20);
      expect(FakeWebSocket.all).toHaveLength(1);
      show(true);
      expect(FakeWebSocket.all).toHaveLength(2);
    });

    it('reconnects when the member sends from that tab', async () => {
      const { socket } = setup();
      last().serverDrops(SOCKET_REPLACED_CLOSE_CODE);
      vi.advanceTimersByTime(SOCKET_RETRY_MS * 2);
      expect(FakeWebSocket.all).toHaveLength(1);
      const sent = socket.send({ action: 'ping', data: {} });
      expect(FakeWebSocket.all).toHaveLength(2);
      last().serverOpens();
      vi.advanceTimersByTime(1_000);
      await expect(sent).resolves.toBe(true);
    });

    it('any other close still reconnects after the retry delay', () => {
      setup();
      last().serverDrops(1006);
      vi.advanceTimersByTime(SOCKET_RETRY_MS);
      expect(FakeWebSocket.all).toHaveLength(2);
    });
  });
});
