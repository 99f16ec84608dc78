/**
 * Videos and voice notes in the outbox (issue 12, rule 4 of the house: composed offline, delivered exactly once):
 * the record waits with its file while offline, uploads when back online, then sends its frame once with its
 * clientId; a reload in the middle starts the upload again but never repeats a stored frame; Cancel stops an
 * upload; the files go once the record is stored. The chat core is pure here: events in, state and effects out.
 */
import { describe, expect, it } from 'vitest';
import type { ClientFrame } from '#protocol/chat.ts';
import { reduceChat } from './chat.reducer.ts';
import { type ChatEffect, type ChatInput, type ChatState, initialChatState, UPLOAD_RETRY_MS } from './chat.state.ts';
import { frameMedia, uploadFailure } from './media.rules.ts';
import {
  afterUpload,
  canCancel,
  canRetry,
  nextToSend,
  type OutboxRecord,
  type OutboxState,
  restored,
  type UploadEnd,
} from './outbox.rules.ts';
import { ALICE, ME, msg } from './test-fixtures.ts';

const T0 = Date.UTC(2026, 10, 21, 10);
const URL_VOICE = `/uploads/${'a'.repeat(64)}.weba`;

function machine(state: ChatState = initialChatState) {
  const m = {
    state,
    effects: [] as ChatEffect[],
    feed(...inputs: ChatInput[]) {
      m.effects = [];
      for (const input of inputs) {
        const step = reduceChat(m.state, { ...input, at: T0 } as Parameters<typeof reduceChat>[1]);
        m.state = step.state;
        m.effects.push(...step.effects);
      }
      return m.effects;
    },
    of: <T extends ChatEffect['type']>(type: T) =>
      m.effects.filter((e): e is Extract<ChatEffect, { type: T }> => e.type === type),
    charts: () =>
      m.effects.flatMap((e) =>
        e.type === 'send' && e.frame.action === 'chart'
          ? [(e.frame as Extract<ClientFrame, { action: 'chart' }>).data]
          : [],
      ),
    states: () => m.state.outbox.map((r) => `${r.clientId}:${r.state}`),
  };
  return m;
}

function ready(online: boolean, outbox: OutboxRecord[] = []) {
  const m = machine();
  m.feed(
    { type: 'started', me: ME, visible: true, online, socket: online ? 'open' : 'closed' },
    { type: 'cacheLoaded', outbox },
  );
  return m;
}

const voice = (clientId: string, seq: number, state: OutboxState = 'queued'): OutboxRecord => ({
  clientId,
  toId: ALICE,
  type: 9,
  msg: '',
  lang: 'en',
  createdAt: '2026-11-20T10:00:00.000Z',
  state,
  attempts: 0,
  seq,
  upload: { kind: 'voice', name: 'voice.weba', peaks: [10, 100, 40] },
});
const text = (clientId: string, seq: number): OutboxRecord => ({
  ...voice(clientId, seq),
  type: 1,
  msg: 'hi',
  upload: undefined,
});
const uploaded: UploadEnd = { ok: true, msg: URL_VOICE, media: { peaks: [10, 100, 40] } };

/** Sends a record: durable first (outboxWritten), then it may go. */
const send = (m: ReturnType<typeof machine>, record: OutboxRecord) =>
  m.feed({ type: 'send', record }, { type: 'outboxWritten', clientId: record.clientId });

describe('a voice note composed offline', () => {
  it('waits queued, uploads when back online, then sends its frame once with its clientId; acked, its files go', () => {
    const m = ready(false);
    send(m, voice('v1', 1));
    expect(m.of('upload')).toHaveLength(0);
    expect(m.states()).toEqual(['v1:queued']);

    m.feed({ type: 'socketStatus', status: 'open', online: true });
    expect(m.of('upload').map((e) => e.record.clientId)).toEqual(['v1']);
    expect(m.states()).toEqual(['v1:uploading']);
    expect(m.charts()).toHaveLength(0);

    m.feed({ type: 'uploadProgress', clientId: 'v1', percent: 40 });
    expect(m.state.progress).toEqual({ v1: 40 });

    m.feed({ type: 'uploadEnded', clientId: 'v1', end: uploaded });
    expect(m.charts()).toEqual([
      expect.objectContaining({ clientId: 'v1', type: 9, msg: URL_VOICE, media: { peaks: [10, 100, 40] } }),
    ]);
    expect(m.state.outbox[0]?.upload).toBeUndefined();
    expect(m.state.progress).toEqual({});

    m.feed({
      type: 'frame',
      frame: { action: 'chart', data: msg(50, { senderId: ME, toId: ALICE, type: 9, msg: URL_VOICE, clientId: 'v1' }) },
    });
    expect(m.state.outbox).toEqual([]);
    expect(m.of('deleteOutbox')).toEqual([{ type: 'deleteOutbox', clientId: 'v1', files: true }]);
  });

  it('holds what was written after it until its frame is acked, so the order holds', () => {
    const m = ready(true);
    send(m, voice('v1', 1));
    send(m, text('t2', 2));
    expect(m.charts()).toHaveLength(0);
    m.feed({ type: 'uploadEnded', clientId: 'v1', end: uploaded });
    expect(m.charts().map((c) => c.clientId)).toEqual(['v1']);
    m.feed({
      type: 'frame',
      frame: { action: 'chart', data: msg(50, { senderId: ME, toId: ALICE, type: 9, msg: URL_VOICE, clientId: 'v1' }) },
    });
    expect(m.charts().map((c) => c.clientId)).toEqual(['t2']);
  });

  it('an upload cut off by the connection waits queued and goes again later, never failing', () => {
    const m = ready(true);
    send(m, voice('v1', 1));
    m.feed({ type: 'uploadEnded', clientId: 'v1', end: { ok: false, outcome: 'retry' } });
    expect(m.states()).toEqual(['v1:queued']);
    expect(m.of('startTimer')).toEqual([expect.objectContaining({ ms: UPLOAD_RETRY_MS })]);
    m.feed({ type: 'backoffOver' });
    expect(m.of('upload')).toHaveLength(1);
  });

  it('after a reload an upload that was in progress starts again; a frame already sent is only re-sent with its clientId', () => {
    const m = ready(true, [voice('v1', 1, 'uploading')]);
    expect(m.of('upload').map((e) => e.record.clientId)).toEqual([]);
    // The socket's first open after the reload resyncs and pumps the queue.
    m.feed({ type: 'socketStatus', status: 'open', online: true });
    expect(m.of('upload').map((e) => e.record.clientId)).toEqual(['v1']);

    // Uploaded and sent, then the page reloads before the ack: the frame goes again with the same clientId (the
    // server acks a repeat with the first stored message), and no second upload happens.
    const sent = { ...voice('v2', 2, 'sending'), msg: URL_VOICE, upload: undefined };
    const again = ready(true, [sent]);
    again.feed({ type: 'socketStatus', status: 'open', online: true });
    expect(again.of('upload')).toHaveLength(0);
    expect(again.charts().map((c) => c.clientId)).toEqual(['v2']);
  });

  it('Cancel stops an upload in progress and drops the record and its files', () => {
    const m = ready(true);
    send(m, voice('v1', 1));
    m.feed({ type: 'cancel', clientId: 'v1' });
    expect(m.of('abortUpload')).toEqual([{ type: 'abortUpload', clientId: 'v1' }]);
    expect(m.of('deleteOutbox')).toEqual([{ type: 'deleteOutbox', clientId: 'v1', files: true }]);
    expect(m.state.outbox).toEqual([]);
    // The aborted upload's end changes nothing.
    m.feed({ type: 'uploadEnded', clientId: 'v1', end: { ok: false, outcome: 'aborted' } });
    expect(m.state.outbox).toEqual([]);
    expect(m.charts()).toHaveLength(0);
  });

  it('a refusal (4xx) fails the record with the reason; Retry uploads again', () => {
    const m = ready(true);
    send(m, voice('v1', 1));
    const problem = { code: 400, message: 'A voice message can be at most 60 seconds long.' };
    m.feed({ type: 'uploadEnded', clientId: 'v1', end: { ok: false, outcome: 'refused', problem } });
    expect(m.state.outbox[0]).toMatchObject({ state: 'failed', error: 'upload', problem });
    m.feed({ type: 'retry', clientId: 'v1' });
    expect(m.of('upload')).toHaveLength(1);
  });
});

describe('outbox rules for media', () => {
  it('an upload is in flight: nothing else goes meanwhile', () => {
    expect(nextToSend([voice('v1', 1, 'uploading'), text('t2', 2)], 1)).toEqual([]);
  });

  it('what an upload’s end does to its record', () => {
    const r = voice('v1', 1, 'uploading');
    expect(afterUpload(r, uploaded)).toMatchObject({ state: 'queued', msg: URL_VOICE, upload: undefined });
    expect(afterUpload(r, { ok: false, outcome: 'retry' })).toEqual({ state: 'queued' });
    expect(afterUpload(r, { ok: false, outcome: 'lost' })).toEqual({ state: 'failed', error: 'lost' });
    expect(afterUpload(r, { ok: false, outcome: 'aborted' })).toBeNull();
    // Not uploading any more (cancelled, or a stale answer): nothing changes.
    expect(afterUpload(voice('v1', 1, 'queued'), uploaded)).toBeNull();
  });

  it('Cancel applies to an upload in progress; a record whose file is gone can only be cancelled', () => {
    expect(canCancel({ state: 'uploading' })).toBe(true);
    expect(canRetry({ state: 'failed', error: 'lost' })).toBe(false);
    expect(canRetry({ state: 'failed', error: 'upload' })).toBe(true);
    expect(restored(voice('v1', 1, 'uploading')).state).toBe('queued');
  });

  it('a failed upload: cancelled, refused by the server, or worth trying again', () => {
    expect(uploadFailure({ aborted: true, status: 400 })).toEqual({ ok: false, outcome: 'aborted' });
    expect(uploadFailure({ aborted: false, status: 402, message: 'No free videos left' })).toEqual({
      ok: false,
      outcome: 'refused',
      problem: { code: 402, message: 'No free videos left' },
    });
    expect(uploadFailure({ aborted: false })).toEqual({ ok: false, outcome: 'retry' });
    expect(uploadFailure({ aborted: false, status: 503 })).toEqual({ ok: false, outcome: 'retry' });
    expect(uploadFailure({ aborted: false, status: 429 })).toEqual({ ok: false, outcome: 'retry' });
  });

  it('the frame’s media: a video’s cover and picture size (the server’s reading first), a voice note’s waveform', () => {
    const video = { kind: 'video' as const, name: 'video.webm', width: 320, height: 240 };
    expect(frameMedia(video, { width: 640, height: 480 }, '/uploads/c.jpg')).toEqual({
      cover: '/uploads/c.jpg',
      width: 640,
      height: 480,
    });
    expect(frameMedia(video, { width: 0, height: 0 })).toEqual({ width: 320, height: 240 });
    expect(frameMedia({ kind: 'voice', name: 'voice.weba', peaks: [1, 2] }, { width: 0, height: 0 })).toEqual({
      peaks: [1, 2],
    });
  });
});
