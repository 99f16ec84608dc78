/**
 * Video and voice messages (issue 12) in Chromium with its fake camera and microphone: a VIP records and sends a
 * 3-second video and a voice note, the partner plays both (inline and full screen), and a member without a
 * membership is told that videos come with one, with the way to /vip.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { call, type Member, registerMember } from '../support/api.ts';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, FAKE_MEDIA_ARGS } from '../support/browser.ts';
import { buyVipMonth } from '../support/commerce.ts';
import { signedInBrowser } from '../support/flows.ts';

let server: AppServer;
const browsers: Browser[] = [];
let vera: Member;
let paul: Member;
let nina: Member;

before(async () => {
  server = await startAppServer({ PAYMENT_PROVIDER: 'sandbox' });
  vera = await registerMember(server.url, 'vera_media');
  paul = await registerMember(server.url, 'paul_media');
  nina = await registerMember(server.url, 'nina_media');
  await buyVipMonth(server.url, vera.token);
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function signedIn(member: Member): Promise<Page> {
  const { browser, page } = await signedInBrowser(server.url, member, { args: FAKE_MEDIA_ARGS });
  browsers.push(browser);
  return page;
}

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
