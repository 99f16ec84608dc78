/** A member's WebSocket from Node, for the side of a conversation that is not under test in the browser. */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface TestSocket {
  frames: { action?: string; code?: number; data?: unknown }[];
  send(toId: number, msg: string): string;
  /** Any other client frame (block, read…). */
  sendFrame(action: string, data: unknown): void;
  waitFor(predicate: (frames: TestSocket['frames']) => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws/${token}`, { origin: baseUrl });
  const frames: TestSocket['frames'] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    frames,
    send(toId, msg) {
      const clientId = randomUUID();
      ws.send(JSON.stringify({ action: 'chart', data: { toId, type: 1, msg, lang: 'en', clientId } }));
      return clientId;
    },
    sendFrame(action, data) {
      ws.send(JSON.stringify({ action, data }));
    },
    async waitFor(predicate, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(frames)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => ws.close(),
  };
}
