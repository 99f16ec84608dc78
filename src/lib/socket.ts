/**
 * The client's only WebSocket (docs/architecture.md, Import rules 3) owns the connection's life: the token appended to
 * the address, reconnect after SOCKET_RETRY_MS, a ping every PING_INTERVAL_MS, closing exactly PONG_TIMEOUT_MS after
 * the last `pong` (no other frame counts), one retry after SEND_RETRY_MS for a send while disconnected, and the
 * browser's online flag: offline closes the socket at once (a socket can look open long after the network is gone,
 * and sends must queue, not fail) and online reconnects at once instead of at the next retry. What a frame means is
 * decided by the features that subscribe; what the member sees on an error is decided by app/ through the event
 * listeners.
 */
import type { ClientFrame, ServerFrame } from '#protocol/chat.ts';
import {
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  SEND_RETRY_MS,
  SOCKET_REPLACED_CLOSE_CODE,
  SOCKET_RETRY_MS,
  WS_PATH,
} from '#protocol/constants.ts';

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** Things the socket reports that are not frames: app/ turns them into alerts and navigation. */
export type SocketEvent =
  | { kind: 'unsupported' }
  | { kind: 'no-token' }
  | { kind: 'unauthorized' }
  | { kind: 'error'; code: number; message: string };

export interface SocketTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The browser's online flag and its changes (navigator.onLine, online/offline events); injectable for tests. */
export interface Network {
  online(): boolean;
  /** For the page's life: the one socket never stops listening. */
  subscribe(listener: (online: boolean) => void): void;
}

/** Whether the member is looking at the page (document.visibilityState); injectable for tests. */
export interface PageVisibility {
  visible(): boolean;
  /** For the page's life, like Network. */
  subscribe(listener: (visible: boolean) => void): void;
}

export const browserVisibility: PageVisibility = {
  visible: () => globalThis.document?.visibilityState !== 'hidden',
  subscribe(listener) {
    globalThis.document?.addEventListener('visibilitychange', () => listener(this.visible()));
  },
};

export const browserNetwork: Network = {
  online: () => globalThis.navigator?.onLine ?? true,
  subscribe(listener) {
    globalThis.addEventListener?.('online', () => listener(true));
    globalThis.addEventListener?.('offline', () => listener(false));
  },
};

export interface SocketOptions {
  getToken: () => string | null;
  /** Base address such as `wss://example.com`; defaults to the page's own origin. */
  baseUrl?: () => string;
  WebSocketImpl?: typeof WebSocket;
  timers?: SocketTimers;
  network?: Network;
  visibility?: PageVisibility;
}

type Listener<T> = (value: T) => void;

const defaultTimers: SocketTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as number),
};

function pageOrigin(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

export function createSocket(options: SocketOptions) {
  const timers = options.timers ?? defaultTimers;
  const network = options.network ?? browserNetwork;
  const visibility = options.visibility ?? browserVisibility;
  const frameListeners = new Set<Listener<ServerFrame>>();
  const eventListeners = new Set<Listener<SocketEvent>>();
  const statusListeners = new Set<Listener<SocketStatus>>();
  let ws: WebSocket | null = null;
  let status: SocketStatus = 'idle';
  let wanted = false;
  let online = network.online();
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;
  let reconnectTimer: unknown = null;
  /**
   * The server closed this socket because the member opened a newer one (SOCKET_REPLACED_CLOSE_CODE). Reconnecting
   * at once would close the next-oldest tab, which would reconnect too, round and round: wait until this page is
   * looked at again or sends something.
   */
  let replaced = false;

  const emit = (event: SocketEvent) => {
    for (const l of eventListeners) l(event);
  };
  const setStatus = (next: SocketStatus) => {
    status = next;
    for (const l of statusListeners) l(next);
  };

  const stopTimers = () => {
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    if (pongTimer !== null) timers.clearTimeout(pongTimer);
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    pingTimer = null;
    pongTimer = null;
    reconnectTimer = null;
  };

  const scheduleReconnect = () => {
    if (!wanted || !online || replaced || reconnectTimer !== null) return;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, SOCKET_RETRY_MS);
  };

  const heartbeat = () => {
    if (ws && status === 'open') ws.send(JSON.stringify({ action: 'ping', data: {} }));
  };
  /** (Re)starts the keep-alive deadline: without a `pong` within PONG_TIMEOUT_MS the socket is closed. */
  const awaitPong = (socket: WebSocket) => {
    if (pongTimer !== null) timers.clearTimeout(pongTimer);
    // NOTE: a half-open TCP connection never fires `close` by itself; closing it here starts the reconnect.
    pongTimer = timers.setTimeout(() => {
      pongTimer = null;
      if (ws === socket) socket.close(4000, 'pong timeout');
    }, PONG_TIMEOUT_MS);
  };

  const handleFrame = (raw: unknown) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(raw)) as ServerFrame;
    } catch {
      return;
    }
    if (frame.action === 'pong' && ws) awaitPong(ws);
    if (frame.code === 401) {
      wanted = false;
      emit({ kind: 'unauthorized' });
      ws?.close(1000, 'unauthorized');
      return;
    }
    if (frame.code !== undefined && frame.code !== 200) {
      emit({ kind: 'error', code: frame.code, message: 'message' in frame ? frame.message : '' });
    }
    for (const l of frameListeners) l(frame);
  };

  function open() {
    const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
    if (typeof Impl !== 'function') {
      emit({ kind: 'unsupported' });
      return;
    }
    const token = options.getToken();
    if (!token) {
      wanted = false;
      emit({ kind: 'no-token' });
      return;
    }
    setStatus('connecting');
    const socket = new Impl(`${(options.baseUrl ?? pageOrigin)()}${WS_PATH}/${encodeURIComponent(token)}`);
    ws = socket;
    socket.onopen = () => {
      if (ws !== socket) return;
      setStatus('open');
      pingTimer = timers.setInterval(heartbeat, PING_INTERVAL_MS);
      awaitPong(socket);
    };
    socket.onmessage = (event) => {
      if (ws === socket) handleFrame(event.data);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      replaced = event?.code === SOCKET_REPLACED_CLOSE_CODE;
      stopTimers();
      setStatus('closed');
      scheduleReconnect();
    };
  }

  function drop() {
    stopTimers();
    const socket = ws;
    ws = null;
    socket?.close(1000, 'bye');
    setStatus('closed');
  }

  // Offline stops the retries too (scheduleReconnect), so back online nothing is pending: open at once. The status listeners hear of it ('closed' now, or 'connecting') and read `online` then.
  network.subscribe((next) => {
    online = next;
    if (!wanted) return;
    if (!next) drop();
    else if (!ws) open();
  });
  const resume = () => {
    if (!replaced) return;
    replaced = false;
    if (wanted && online && !ws && reconnectTimer === null) open();
  };
  visibility.subscribe((visible) => {
    if (visible) resume();
  });

  return {
    get status() {
      return status;
    },
    /** Opens the socket and keeps it open until `disconnect`. */
    connect() {
      wanted = true;
      replaced = false;
      if (ws || reconnectTimer !== null) return;
      open();
    },
    /** Closes for good (sign-out): no reconnect. */
    disconnect() {
      wanted = false;
      drop();
    },
    /** The browser says online; false while it says offline. Every change is also a status event. */
    get online() {
      return online;
    },
    /** Sends now, or once more after SEND_RETRY_MS if the socket is not open; resolves whether it went out. */
    send(frame: ClientFrame): Promise<boolean> {
      const attempt = () => {
        if (ws && status === 'open') {
          ws.send(JSON.stringify(frame));
          return true;
        }
        return false;
      };
      if (attempt()) return Promise.resolve(true);
      resume();
      return new Promise((resolve) => timers.setTimeout(() => resolve(attempt()), SEND_RETRY_MS));
    },
    onFrame(listener: Listener<ServerFrame>) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    onEvent(listener: Listener<SocketEvent>) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onStatus(listener: Listener<SocketStatus>) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type ChatSocket = ReturnType<typeof createSocket>;
