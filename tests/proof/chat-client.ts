/**
 * A chat client for the proofs that behaves like the real one (src/features/chat): an outbox sent one message at a
 * time and resent with the same clientId after a reconnect or a missing ack, a reconnect after any close, and on
 * every (re)connect a catch-up of the conversation from REST history, merged with live frames by message id.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { call, type Member } from '../support/api.ts';

const ACK_TIMEOUT_MS = 3000;
const RECONNECT_MS = 300;
const TOO_MANY_WAIT_MS = 1000;
const PAGE = 100;

interface HistoryMessage {
  id: number;
  senderId: number;
  toId: number;
  msg: string;
  clientId: string;
}

export interface ClientFigures {
  /** Message ids as acked, in send order. */
  acked: number[];
  /** What arrived from the partner, live or caught up: message id → text. */
  received: Map<number, string>;
  /** Ids of the live frames from the partner, in the order they arrived (catch-up excluded). */
  live: number[];
  /** Live frames for a message already held (merged away, like the real client does). */
  repeatedFrames: number;
  connects: number;
  resends: number;
  errors: string[];
}

export class ProofClient implements ClientFigures {
  readonly acked: number[] = [];
  readonly received = new Map<number, string>();
  readonly live: number[] = [];
  repeatedFrames = 0;
  connects = 0;
  lastAckAt = 0;
  lastReceivedAt = 0;
  resends = 0;
  readonly errors: string[] = [];
  readonly outbox: { clientId: string; text: string }[];
  #next = 0;
  #ws: WebSocket | undefined;
  #inFlight = false;
  #ackTimer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** Every message of the partner up to this id is held. */
  #caughtUpTo = 0;
  #synced: WebSocket | undefined;
  #wanted: number;
  #done: () => void = () => {};
  readonly finished: Promise<void>;

  readonly me: Member;
  readonly peer: Member;
  readonly base: string;
  readonly paceMs: number;

  /** `wanted`: how many messages the partner sends; `paceMs`: the pause after each ack. */
  constructor(me: Member, peer: Member, base: string, texts: string[], wanted: number, paceMs: number) {
    this.me = me;
    this.peer = peer;
    this.base = base;
    this.paceMs = paceMs;
    this.outbox = texts.map((text) => ({ clientId: randomUUID(), text }));
    this.#wanted = wanted;
    this.finished = new Promise((resolve) => {
      this.#done = resolve;
    });
  }

  get open(): boolean {
    return this.#ws?.readyState === WebSocket.OPEN;
  }

  get sentAll(): boolean {
    return this.#next >= this.outbox.length;
  }

  start(): void {
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#ackTimer);
    this.#ws?.terminate();
  }

  #check(): void {
    if (this.sentAll && this.received.size >= this.#wanted) this.#done();
  }

  #connect(): void {
    if (this.#stopped) return;
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws/${this.me.token}`, {
      origin: this.base,
      perMessageDeflate: false,
    });
    this.#ws = ws;
    ws.on('open', () => {
      this.connects += 1;
      // The pong comes after the server has joined the socket to the member: from then on nothing is missed live.
      ws.send(JSON.stringify({ action: 'ping', data: {} }));
    });
    ws.on('message', (data) => this.#frame(ws, String(data)));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.#ws !== ws) return;
      this.#ws = undefined;
      this.#inFlight = false;
      clearTimeout(this.#ackTimer);
      if (!this.#stopped) setTimeout(() => this.#connect(), RECONNECT_MS);
    });
  }

  #frame(ws: WebSocket, text: string): void {
    const frame = JSON.parse(text) as { action?: string; code: number; data: unknown; message?: string };
    if (frame.action === 'pong') {
      this.#catchUp(ws).then(
        () => this.#send(ws),
        () => ws.terminate(),
      );
      return;
    }
    if (frame.action !== 'chart') return;
    if (frame.code === 429) {
      this.#inFlight = false;
      clearTimeout(this.#ackTimer);
      setTimeout(() => this.#send(ws), TOO_MANY_WAIT_MS);
      return;
    }
    if (frame.code !== 200) {
      this.errors.push(`${frame.code} ${frame.message}`);
      return;
    }
    const message = frame.data as HistoryMessage;
    if (message.senderId === this.me.id) {
      const pending = this.outbox[this.#next];
      if (!pending || message.clientId !== pending.clientId) return;
      this.acked.push(message.id);
      this.lastAckAt = Date.now();
      this.#next += 1;
      this.#inFlight = false;
      clearTimeout(this.#ackTimer);
      this.#check();
      setTimeout(() => this.#send(ws), this.paceMs);
    } else if (message.senderId === this.peer.id) {
      this.live.push(message.id);
      if (this.#synced === ws) this.#caughtUpTo = Math.max(this.#caughtUpTo, message.id);
      if (this.received.has(message.id)) this.repeatedFrames += 1;
      else this.#hold(message);
    }
  }

  #hold(message: HistoryMessage): void {
    if (this.received.has(message.id)) return;
    this.received.set(message.id, message.msg);
    this.lastReceivedAt = Date.now();
    this.#check();
  }

  /**
   * The partner's messages newer than `#caughtUpTo`, walking back page by page. Only a finished catch-up moves that
   * mark: frames that overtook it on a socket that then died must not hide an older gap.
   */
  async #catchUp(ws: WebSocket): Promise<void> {
    const newest = this.#caughtUpTo;
    let before: number | undefined;
    const found: HistoryMessage[] = [];
    for (;;) {
      const query = `size=${PAGE}${before ? `&before=${before}` : ''}`;
      const page = await call<HistoryMessage[]>(
        this.base,
        'GET',
        `/api/chat/history/${this.peer.id}?${query}`,
        undefined,
        this.me.token,
      );
      found.push(...page);
      if (page.length < PAGE || page[0]!.id <= newest) break;
      before = page[0]!.id;
    }
    if (this.#ws !== ws) return;
    for (const m of found.sort((a, b) => a.id - b.id)) if (m.senderId === this.peer.id && m.id > newest) this.#hold(m);
    // From here on this socket hears every new message in order: everything held so far has no gap.
    this.#synced = ws;
    this.#caughtUpTo = Math.max(newest, ...this.received.keys());
  }

  #send(ws: WebSocket): void {
    if (this.#stopped || this.#ws !== ws || ws.readyState !== WebSocket.OPEN || this.#inFlight) return;
    const item = this.outbox[this.#next];
    if (!item) return;
    this.#inFlight = true;
    ws.send(
      JSON.stringify({
        action: 'chart',
        data: { toId: this.peer.id, type: 1, msg: item.text, lang: 'en', clientId: item.clientId },
      }),
    );
    this.#ackTimer = setTimeout(() => {
      // No ack in time: the same clientId again (a duplicate is answered with the stored message).
      this.#inFlight = false;
      this.resends += 1;
      this.#send(ws);
    }, ACK_TIMEOUT_MS);
  }
}
