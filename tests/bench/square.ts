/**
 * `npm run bench:square` (issue 11 item 7): the square's first page under load. Starts the real server (PGlite in
 * its DATA_DIR, or DATABASE_URL when set), posts 10,000 moments by 40 authors (a third with photos that have
 * responsive sizes), blocks a few pairs, then 200 signed-in readers each load the first page (GET
 * /api/moment/square, size 10) BENCH_ROUNDS times, all at once. Prints p50 and p99 of the first page time as a reader
 * sees it (request to parsed answer) and the throughput, then one reader alone (the page's own cost), and the
 * machine's load average (a shared machine inflates the first figures). Bounded: a few minutes.
 */

import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import WebSocket from 'ws';
import { call, type Member, registerMember } from '../support/api.ts';
import { startAppServer } from '../support/app-server.ts';
import { uploadPhoto } from '../support/moments.ts';
import { percentile } from './chat-load.ts';

const MOMENTS = 10_000;
const AUTHORS = 40;
const READERS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WRITERS = 8;
const PAGE_SIZE = 10;

/** Runs `task(i)` for i in 0..n-1, `width` at a time. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

/** A flat-colour photo: the bench measures pages, not image sizes (tests/support/moments.ts makes realistic ones). */
async function flatPhoto(i: number): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 128 } },
  })
    .jpeg()
    .toBuffer();
}

async function block(base: string, who: Member, other: Member): Promise<void> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/${who.token}`, { origin: base });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const done = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { action?: string }).action === 'block') resolve();
    }),
  );
  ws.send(JSON.stringify({ action: 'block', data: { receiverId: other.id, block: true } }));
  await done;
  ws.close();
}

const server = await startAppServer({
  UPLOADS_PER_MIN: '100000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
try {
  const tag = Date.now().toString(36).slice(-5);
  const started = performance.now();
  const members: Member[] = [];
  await pool(READERS, 4, async (i) => {
    members[i] = await registerMember(server.url, `sq_${tag}_${i}`);
  });
  const authors = members.slice(0, AUTHORS);
  const photos: string[] = [];
  await pool(12, 2, async (i) => {
    photos[i] = await uploadPhoto(server.url, authors[i % AUTHORS]!.token, await flatPhoto(i));
  });
  for (let i = 0; i < 10; i++) await block(server.url, members[AUTHORS + i]!, authors[i]!);
  console.log(
    `set up ${READERS} members, ${photos.length} photos, 10 blocks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const posting = performance.now();
  await pool(MOMENTS, WRITERS, async (i) => {
    const author = authors[i % AUTHORS]!;
    const images = i % 3 === 0 ? photos.slice(i % 8, (i % 8) + 1 + (i % 4)) : [];
    await call(
      server.url,
      'POST',
      '/api/moment/add',
      { text: `moment ${i} ${'lorem ipsum '.repeat(i % 9)}`, images },
      author.token,
    );
  });
  console.log(`posted ${MOMENTS} moments in ${((performance.now() - posting) / 1000).toFixed(1)} s`);

  // Warm-up: one page per reader, not measured (first queries plan and fill caches).
  await pool(READERS, 20, async (i) => {
    await call(server.url, 'GET', `/api/moment/square?size=${PAGE_SIZE}`, undefined, members[i]!.token);
  });

  const times: number[] = [];
  const reading = performance.now();
  await Promise.all(
    members.map(async (reader) => {
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now();
        const page = await call<{ list: unknown[] }>(
          server.url,
          'GET',
          `/api/moment/square?size=${PAGE_SIZE}`,
          undefined,
          reader.token,
        );
        times.push(performance.now() - t0);
        if (page.list.length !== PAGE_SIZE) throw new Error(`a first page of ${page.list.length} moments`);
      }
    }),
  );
  const seconds = (performance.now() - reading) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `square first page (size ${PAGE_SIZE}, ${MOMENTS} moments, ${READERS} readers at once, ${times.length} loads): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ` +
      `${(times.length / seconds).toFixed(0)} pages/s`,
  );
  // One reader alone: the page's own cost, without queueing behind 199 others.
  const alone: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await call(server.url, 'GET', `/api/moment/square?size=${PAGE_SIZE}`, undefined, members[i % READERS]!.token);
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);
  console.log(
    `square first page, one reader at a time (100 loads): p50 ${percentile(alone, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(alone, 99).toFixed(1)} ms`,
  );
  console.log(
    `load average while running: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${cpus().length} cores)`,
  );
} finally {
  await server.stop();
}
