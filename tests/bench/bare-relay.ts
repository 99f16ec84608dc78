/**
 * The yardstick of `npm run bench:chat`: a bare `ws` relay speaking the same chart frames, with no auth, no
 * storage and no validation. Our server's throughput is printed as a ratio of this one's on the same load.
 */
import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

export async function startBareRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  const byUser = new Map<number, WebSocket>();
  let nextId = 1;
  wss.on('connection', (ws, request) => {
    const userId = Number(request.url?.split('/').pop());
    byUser.set(userId, ws);
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.action !== 'chart') return;
      const message = { ...frame.data, id: nextId++, senderId: userId, createdAt: new Date().toISOString() };
      const out = JSON.stringify({ action: 'chart', data: message });
      byUser.get(frame.data.toId)?.send(out);
      ws.send(out);
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => http.close(() => r()));
      }),
  };
}
