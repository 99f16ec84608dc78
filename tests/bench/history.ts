/**
 * `npm run bench:history` (issue 4): in Chromium, a member opens a conversation whose 10,000 messages are cached
 * in IndexedDB. Prints the time from the click to the newest row painted (target < 100 ms), the DOM nodes in the
 * message list (target < 300), and the p50/p95 of writing an outbox record to IndexedDB. Runs against the real
 * server and a built client (CLIENT_DIR, default dist/client); bounded: BENCH_RUNS opens (default 7).
 */
import { registerMember } from '../support/api.ts';
import { startAppServer } from '../support/app-server.ts';
import { openBrowser } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';
import { openSocket } from '../support/socket.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CACHED = 10_000;
/** Cached ids sit far above any id the fresh server hands out, so they never collide with real rows. */
const FIRST_ID = 1_000_001;
const TARGET = { paintMs: 100, nodes: 300 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const server = await startAppServer();
const browser = await openBrowser({ viewport: { width: 412, height: 915 } });
try {
  const maria = await registerMember(server.url, 'maria_bench');
  const li = await registerMember(server.url, 'li_bench');
  const socket = await openSocket(server.url, li.token);
  socket.send(maria.id, 'the newest message on the server');
  await socket.waitFor((f) => f.some((x) => x.action === 'chart'), 'the ack');
  socket.close();

  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, maria.username, maria.password);
  await page.waitForURL(/\/chat/);
  await page.getByRole('button', { name: new RegExp(li.username) }).waitFor();

  // Seed 10,000 messages the way the app caches them: key [peerId, id] in amity-chat-messages/messages.
  const seeded = await page.evaluate(
    async ({ peerId, me, count, firstId }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('amity-chat-messages');
        open.onupgradeneeded = () => open.result.createObjectStore('messages');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const start = Date.UTC(2026, 0, 1);
      for (let chunk = 0; chunk < count; chunk += 2_000) {
        const tx = db.transaction('messages', 'readwrite');
        const store = tx.objectStore('messages');
        for (let i = chunk; i < Math.min(count, chunk + 2_000); i++) {
          const id = firstId + i;
          const mine = i % 3 === 0;
          store.put(
            {
              id,
              clientId: crypto.randomUUID(),
              senderId: mine ? me : peerId,
              toId: mine ? peerId : me,
              type: 1,
              msg: `cached message ${i + 1} ${'lorem ipsum '.repeat(1 + (i % 7))}`,
              lang: 'en',
              createdAt: new Date(start + i * 60_000).toISOString(),
              readAt: new Date(start + i * 60_000 + 1_000).toISOString(),
              translations: {},
            },
            [peerId, id],
          );
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
      return count;
    },
    { peerId: li.id, me: maria.id, count: CACHED, firstId: FIRST_ID },
  );
  console.log(`seeded ${seeded} cached messages for one conversation`);

  const newest = FIRST_ID + CACHED - 1;
  const paints: number[] = [];
  const nodes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A member opens the app and, a moment later, taps the conversation: start once the page has settled.
    await page.goto(`${server.url}/chat`, { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: new RegExp(li.username) });
    await button.waitFor();
    await page.waitForTimeout(500);
    // Time from the member's press (the pointerdown event's own timestamp) to the frame after the newest cached
    // row is in the DOM: that frame paints it.
    const measuring = page.evaluate(
      (id) =>
        new Promise<{ ms: number; marks: Record<string, number> }>((resolve) => {
          const marks: Record<string, number> = {};
          document.addEventListener(
            'pointerdown',
            (event) => {
              const started = event.timeStamp;
              const poll = () => {
                if (!marks.log && document.querySelector('[role="log"]')) marks.log = performance.now() - started;
                if (!marks.row && document.querySelector('[data-message-id]')) marks.row = performance.now() - started;
                if (document.querySelector(`[data-message-id="${id}"]`)) {
                  requestAnimationFrame(() => resolve({ ms: performance.now() - started, marks }));
                } else requestAnimationFrame(poll);
              };
              requestAnimationFrame(poll);
            },
            { capture: true, once: true },
          );
        }),
      newest,
    );
    await button.click();
    const { ms, marks } = await measuring;
    paints.push(ms);
    if (process.env.BENCH_DEBUG) console.log(`run ${run + 1}: ${ms.toFixed(1)} ms`, marks);
    await page.waitForTimeout(300);
    nodes.push(
      await page.evaluate(() => document.querySelector('[role="log"]')?.querySelectorAll('*').length ?? Number.NaN),
    );
  }

  // Outbox record writes: the same store and record shape the app uses, one put per message as the app does.
  const writes = await page.evaluate(async (peerId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('amity-chat-outbox');
      open.onupgradeneeded = () => open.result.createObjectStore('outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const clientId = crypto.randomUUID();
      const record = {
        clientId,
        toId: peerId,
        type: 1,
        msg: `bench ${i}`,
        lang: 'en',
        createdAt: new Date().toISOString(),
        state: 'queued',
        attempts: 0,
        seq: i,
      };
      const t0 = performance.now();
      await new Promise((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        tx.objectStore('outbox').put(record, clientId);
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      times.push(performance.now() - t0);
      const tx = db.transaction('outbox', 'readwrite');
      tx.objectStore('outbox').delete(clientId);
    }
    db.close();
    return times;
  }, li.id);

  const paintP50 = percentile(paints, 50);
  const nodeMax = Math.max(...nodes);
  console.log(
    `open cached 10,000-message conversation → newest rows painted: p50 ${paintP50.toFixed(1)} ms, ` +
      `max ${Math.max(...paints).toFixed(1)} ms over ${RUNS} opens (target < ${TARGET.paintMs} ms)`,
  );
  console.log(`DOM nodes in the message list: max ${nodeMax} (target < ${TARGET.nodes})`);
  console.log(
    `outbox record write (IndexedDB put, 200 writes): p50 ${percentile(writes, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(writes, 95).toFixed(2)} ms`,
  );
  console.log(
    `targets: paint ${paintP50 < TARGET.paintMs ? 'met' : 'NOT met'}, nodes ${nodeMax < TARGET.nodes ? 'met' : 'NOT met'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
