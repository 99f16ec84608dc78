/**
 * Video and voice messages (issue 12) in Chromium with its fake camera and microphone: a VIP records and sends a
 * 3-second video and a voice note, the partner plays both (inline and full screen), and a member without a
 * membership is told that videos come with one, with the way to /vip. A voice note recorded offline waits queued
 * (through a reload) and reaches the partner exactly once when the network is back; a video upload cancelled sends
 * nothing and leaves the composer usable; a voice note played once plays again with the network off.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MEDIA } from '../../protocol/media.ts';
import { call, type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, FAKE_MEDIA_ARGS } from '../support/browser.ts';
import { buyVipMonth } from '../support/commerce.ts';
import { signedInBrowser } from '../support/flows.ts';
import { openSocket, type TestSocket } from '../support/socket.ts';

let server: AppServer;
const browsers: Browser[] = [];
let vera: Member;
let paul: Member;
let nina: Member;
let olga: Member;
let omar: Member;
let omarSocket: TestSocket;

before(async () => {
  server = await startAppServer({ PAYMENT_PROVIDER: 'sandbox' });
  vera = await registerMember(server.url, 'vera_media');
  paul = await registerMember(server.url, 'paul_media');
  nina = await registerMember(server.url, 'nina_media');
  olga = await registerMember(server.url, 'olga_media');
  omar = await registerMember(server.url, 'omar_media');
  omarSocket = await openSocket(server.url, omar.token);
  await buyVipMonth(server.url, vera.token);
});

after(async () => {
  omarSocket?.close();
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function signedIn(member: Member): Promise<Page> {
  return (await signedInWith(member)).page;
}

async function signedInWith(member: Member): Promise<{ browser: Browser; page: Page }> {
  const { browser, page } = await signedInBrowser(server.url, member, { args: FAKE_MEDIA_ARGS });
  browsers.push(browser);
  return { browser, page };
}

type Stored = { type: number; msg: string; senderId: number; clientId?: string };
const historyOf = (member: Member, peer: Member) =>
  call<Stored[]>(server.url, 'GET', `/api/chat/history/${peer.id}`, undefined, member.token);

/** Holds the microphone until the strip's timer shows `until`, then lets go (the note is sent). */
async function recordVoice(page: Page, until = '0:01') {
  await page.getByRole('button', { name: 'Hold to record a voice note' }).hover();
  await page.mouse.down();
  await page.locator('.voice-recording').getByRole('timer').getByText(until).waitFor({ timeout: 15_000 });
  await page.mouse.up();
}

/** How many files wait in the outbox's file store (videos and voice notes not stored yet). */
const waitingFiles = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('amity-chat-outbox-files');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) return resolve(0);
          const count = db.transaction('files').objectStore('files').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

const monthVideos = async (member: Member) =>
  (await call<{ monthVideoCount: number }>(server.url, 'GET', '/api/system/user/info', undefined, member.token))
    .monthVideoCount;

test('a VIP records a 3-second video and a voice note; the partner plays both', async () => {
  assert.equal(await monthVideos(vera), 10);
  const v = await signedIn(vera);
  await v.goto(`${server.url}/chat?userId=${paul.id}`);
  const log = v.getByRole('log', { name: `Chat with ${paul.username}` });
  await log.waitFor();

  // The video: the dialog tells the allowance, the camera records for 3 seconds, then it uploads and is sent.
  await v.getByRole('button', { name: 'Send a video' }).click();
  const dialog = v.getByRole('dialog', { name: 'Send a video' });
  await dialog.getByText('Free videos left this month:').waitFor();
  assert.equal(await dialog.locator('.media-allowance-count').textContent(), '10');
  await dialog.getByRole('button', { name: 'Record a video' }).click();
  const recorder = v.getByRole('dialog', { name: 'Record a video' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await start.waitFor();
  await v.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.media-dialog .btn-primary')?.disabled);
  await start.click();
  await recorder.getByRole('timer').getByText('0:03 / 1:00').waitFor({ timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Stop and send' }).click();
  await recorder.waitFor({ state: 'hidden' });
  // Stored (the row has its message id), on the sender's side.
  const video = log.locator('.row-mine[data-message-id]').getByRole('figure', { name: 'Video you sent' });
  await video.waitFor({ timeout: 30_000 });
  // The cover frame the browser took went up as a photo and shows on the bubble, with the length.
  const cover = video.locator('img[src]');
  await cover.waitFor();
  assert.match((await cover.getAttribute('src')) ?? '', /^\/uploads\/(u\d+\/[0-9a-f]{32}|[0-9a-f]{64})\.jpg$/);
  assert.match((await video.getByRole('button', { name: /^Play video, 0:0[2-4]$/ }).textContent()) ?? '', /0:0[2-4]/);
  // One free video used, in the database and on the dialog (user info is read again after the video is stored).
  assert.equal(await monthVideos(vera), 9);
  await v.getByRole('button', { name: 'Send a video' }).click();
  await dialog.locator('.media-allowance-count').getByText('9', { exact: true }).waitFor();
  await v.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // The voice note: hold the microphone, the timer runs, release to send.
  const mic = v.getByRole('button', { name: 'Hold to record a voice note' });
  await mic.hover();
  await v.mouse.down();
  const strip = v.locator('.voice-recording');
  await strip.getByText('‹ Slide to cancel').waitFor();
  await strip.getByRole('timer').getByText('0:02').waitFor({ timeout: 15_000 });
  await v.mouse.up();
  await log
    .locator('.row-mine[data-message-id]')
    .getByRole('group', { name: 'Voice message you sent' })
    .waitFor({ timeout: 30_000 });

  // Stored once each, by content hash; the voice note carries its waveform.
  const history = await call<{ type: number; msg: string; media?: { duration: number; peaks?: number[] } }[]>(
    server.url,
    'GET',
    `/api/chat/history/${paul.id}`,
    undefined,
    vera.token,
  );
  const sent = history.filter((m) => m.type === 8 || m.type === 9);
  assert.deepEqual(
    sent.map((m) => m.type),
    [8, 9],
  );
  const [clip, note] = sent as [(typeof sent)[0], (typeof sent)[0]];
  assert.match(clip.msg, /^\/uploads\/[0-9a-f]{64}\.webm$/);
  assert.ok(clip.media && clip.media.duration >= 2 && clip.media.duration <= 5, `video ${clip.media?.duration} s`);
  assert.match(note.msg, /^\/uploads\/[0-9a-f]{64}\.(weba|m4a)$/);
  assert.ok(note.media && note.media.duration >= 1, `voice ${note.media?.duration} s`);
  assert.ok((note.media?.peaks?.length ?? 0) > 0, 'the voice note has a waveform');
  const stored = readdirSync(join(server.dataDir, 'uploads')).filter((f) => /\.(webm|weba|m4a)$/.test(f));
  assert.equal(stored.length, 2, stored.join(', '));

  // The partner plays both. Names inside sentences are isolated (bidi marks around them).
  const fromVera = (what: string) => new RegExp(`^${what} from .${vera.username}.$`);
  const p = await signedIn(paul);
  await p.goto(`${server.url}/chat?userId=${vera.id}`);
  const theirs = p.getByRole('log', { name: `Chat with ${vera.username}` });
  const clipThere = theirs.getByRole('figure', { name: fromVera('Video') });
  await clipThere.waitFor();
  await clipThere.getByRole('button', { name: /^Play video/ }).click();
  await p.waitForFunction(() => {
    const el = document.querySelector<HTMLVideoElement>('.media-video-el');
    return Boolean(el && el.currentTime > 0.2);
  });
  // Full screen in the lightbox layer.
  await clipThere.getByRole('button', { name: 'Play full screen' }).click();
  const full = p.getByRole('dialog', { name: fromVera('Video') });
  await full.waitFor();
  await p.waitForFunction(() => {
    const el = document.querySelector<HTMLVideoElement>('.lightbox-video');
    return Boolean(el && el.currentTime > 0.2);
  });
  await p.keyboard.press('Escape');
  await full.waitFor({ state: 'hidden' });

  const noteThere = theirs.getByRole('group', { name: fromVera('Voice message') });
  await noteThere.getByRole('button', { name: 'Play voice message' }).click();
  await p.waitForFunction(() => {
    const el = document.querySelector<HTMLAudioElement>('.media-voice audio');
    return Boolean(el && (el.currentTime > 0.2 || el.ended));
  });
  assert.match(
    (await noteThere.getByRole('slider', { name: 'Position in the voice message' }).getAttribute('aria-valuetext')) ??
      '',
    /^0:0\d of 0:0[1-4]$/,
  );
});

test('a member without a membership is told videos come with one, and where to get it', async () => {
  const n = await signedIn(nina);
  await n.goto(`${server.url}/chat?userId=${vera.id}`);
  await n.getByRole('log', { name: `Chat with ${vera.username}` }).waitFor();
  await n.getByRole('button', { name: 'Send a video' }).click();
  const dialog = n.getByRole('dialog', { name: 'Send a video' });
  await dialog
    .getByText('Videos come with a membership: VIP and senior members send free videos every month.')
    .waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Choose a video' }).count(), 0);
  await dialog.getByRole('link', { name: 'See memberships' }).click();
  await n.waitForURL(/\/vip$/);
});

test('a voice note recorded offline waits queued through a reload and reaches the partner exactly once', async () => {
  // A conversation the device has a copy of (an offline reload shows it from there).
  omarSocket.send(olga.id, 'Hi Olga, send me a voice note');
  const { browser, page: o } = await signedInWith(olga);
  // The service worker serves the app offline (a reload below).
  await o.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await o.goto(`${server.url}/chat?userId=${omar.id}`);
  const log = o.getByRole('log', { name: `Chat with ${omar.username}` });
  await log.getByText('Hi Olga, send me a voice note').waitFor();
  await o.getByRole('button', { name: 'Hold to record a voice note' }).waitFor();

  await browser.context.setOffline(true);
  await recordVoice(o);
  // Not refused: the bubble is there, queued, and the tray counts it.
  const queued = log.locator('.row-mine[data-state="queued"]');
  await queued.getByRole('group', { name: 'Voice message you sent' }).waitFor();
  await o.getByText('1 message waiting in 1 chat').waitFor();
  assert.equal(await waitingFiles(o), 1, 'the recording is kept in IndexedDB beside its outbox record');

  // A reload while offline keeps it (the file too).
  await o.reload();
  await log.waitFor();
  await queued.getByRole('group', { name: 'Voice message you sent' }).waitFor();
  assert.equal(await queued.count(), 1);

  // Back online: it uploads, its frame goes once, and the stored bubble plays like any other.
  await browser.context.setOffline(false);
  await log
    .locator('.row-mine[data-message-id]')
    .getByRole('group', { name: 'Voice message you sent' })
    .waitFor({ timeout: 30_000 });
  await omarSocket.waitFor(
    (frames) => frames.some((f) => f.action === 'chart' && (f.data as Stored).senderId === olga.id),
    'the voice note at the partner',
  );
  await o.waitForFunction(() => document.querySelectorAll('.row-mine:not([data-message-id])').length === 0);
  // Once acked, its file leaves IndexedDB.
  await o.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('amity-chat-outbox-files');
        open.onsuccess = () => {
          const count = open.result.transaction('files').objectStore('files').count();
          count.onsuccess = () => resolve(count.result === 0);
        };
        open.onerror = () => resolve(false);
      }),
  );

  const stored = (await historyOf(omar, olga)).filter((m) => m.type === 9);
  assert.equal(stored.length, 1, 'stored once');
  assert.match(stored[0]!.msg, /^\/uploads\/[0-9a-f]{64}\.(weba|m4a)$/);
  const pushed = omarSocket.frames.filter((f) => f.action === 'chart' && (f.data as Stored).senderId === olga.id);
  assert.equal(pushed.length, 1, 'the partner received it once');
  assert.equal((pushed[0]!.data as Stored).clientId, stored[0]!.clientId);
});

test('a video upload cancelled sends nothing, and the composer is usable again', async () => {
  const videosBefore = await monthVideos(vera);
  const sentBefore = (await historyOf(vera, paul)).length;
  const v = await signedIn(vera);
  await v.goto(`${server.url}/chat?userId=${paul.id}`);
  const log = v.getByRole('log', { name: `Chat with ${paul.username}` });
  await log.waitFor();

  // The upload is held on its way (a slow network), so it is still going when Cancel is pressed.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await v.route('**/api/file/upload/video', async (route) => {
    await released;
    await route.abort().catch(() => {});
  });

  await v.getByRole('button', { name: 'Send a video' }).click();
  const dialog = v.getByRole('dialog', { name: 'Send a video' });
  await dialog.getByRole('button', { name: 'Record a video' }).click();
  const recorder = v.getByRole('dialog', { name: 'Record a video' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await v.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.media-dialog .btn-primary')?.disabled);
  await start.click();
  await recorder.getByRole('timer').getByText('0:01 / 1:00').waitFor({ timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Stop and send' }).click();

  const upload = v.getByRole('status').filter({ hasText: 'Uploading the video…' });
  await upload.waitFor({ timeout: 30_000 });
  await v.getByRole('progressbar', { name: 'Video upload' }).waitFor();
  await log.locator('.row-mine[data-state="uploading"]').waitFor();
  assert.equal(await v.getByRole('button', { name: 'Send a video' }).isDisabled(), true, 'busy while uploading');

  await upload.getByRole('button', { name: 'Cancel upload' }).click();
  release();
  await v.getByRole('status').filter({ hasText: 'Upload cancelled.' }).waitFor();
  await upload.waitFor({ state: 'hidden' });
  // Nothing pending, nothing sent, no free video used.
  assert.equal(await log.locator('.row-mine:not([data-message-id])').count(), 0);
  assert.equal(await waitingFiles(v), 0, 'the cancelled file left IndexedDB');
  assert.equal((await historyOf(vera, paul)).length, sentBefore);
  assert.equal(await monthVideos(vera), videosBefore);

  // The composer works again: both media buttons, and a text goes and is stored.
  assert.equal(await v.getByRole('button', { name: 'Send a video' }).isEnabled(), true);
  assert.equal(await v.getByRole('button', { name: 'Hold to record a voice note' }).isEnabled(), true);
  const box = v.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill('Sent after the cancel');
  await box.press('Enter');
  await log.locator('.row-mine[data-message-id]', { hasText: 'Sent after the cancel' }).waitFor();
  const after = await historyOf(vera, paul);
  assert.equal(after.length, sentBefore + 1);
  assert.equal(after.at(-1)?.type, 1);
});

test('a voice note played once plays again with the network off, from the offline cache within its cap', async () => {
  const note = (await historyOf(paul, vera)).find((m) => m.type === 9);
  assert.ok(note, 'the first test sent a voice note');
  const { browser, page: p } = await signedInWith(paul);
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await p.goto(`${server.url}/chat?userId=${vera.id}`);
  const log = p.getByRole('log', { name: `Chat with ${vera.username}` });
  const voice = log.getByRole('group', { name: new RegExp(`^Voice message from .${vera.username}.$`) });
  await voice.getByRole('button', { name: 'Play voice message' }).click();
  // Played: kept whole in the offline cache.
  await p.waitForFunction(async (url) => Boolean(await (await caches.open('amity-media')).match(url)), note.msg, {
    timeout: 15_000,
  });

  await browser.context.setOffline(true);
  await p.reload();
  await log.waitFor();
  await voice.getByRole('button', { name: 'Play voice message' }).click();
  await p.waitForFunction(() => {
    const el = document.querySelector<HTMLAudioElement>('.media-voice audio');
    return Boolean(el?.src.startsWith('blob:') && (el.currentTime > 0.2 || el.ended));
  });

  const kept = await p.evaluate(async () => {
    const index = await (await caches.open('amity-media')).match('/amity-media-index.json');
    return ((await index?.json()) ?? []) as { url: string; size: number }[];
  });
  assert.ok(
    kept.some((e) => e.url === note.msg),
    'the note is listed in the cache',
  );
  assert.ok(kept.length <= MEDIA.offlineCacheEntries, `${kept.length} files kept`);
  assert.ok(kept.reduce((sum, e) => sum + e.size, 0) <= MEDIA.offlineCacheBytes, 'within the byte cap');
  await browser.context.setOffline(false);
});
