/**
 * The chat service's side of a queued video or voice note: its files are kept (IndexedDB in the app, memory here)
 * before the record, survive a new service over the same cache (a reload), go up once online through
 * media.upload.ts (stubbed: the real upload is the e2e test's), and are dropped once the message is stored.
 */
import { i18n } from '@lingui/core';
import { createStore } from 'jotai';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxRecordsAtom } from './chat.atoms.ts';
import { createChatService } from './chat.service.ts';
import type { OutboxFiles, OutboxRecord, UploadEnd } from './outbox.rules.ts';
import { ALICE, createMemoryChatCache, FakeTransport, fakeApi, ME, msg } from './test-fixtures.ts';

const URL_VOICE = `/uploads/${'b'.repeat(64)}.weba`;
const uploads: { name: string; bytes: number }[] = [];
vi.mock('./media.upload.ts', () => ({
  uploadQueued: async (
    record: OutboxRecord,
    stored: OutboxFiles | Promise<OutboxFiles | undefined>,
    _signal: AbortSignal,
    onProgress: (p: number) => void,
  ): Promise<UploadEnd> => {
    const files = await stored;
    if (!files || !record.upload) return { ok: false, outcome: 'lost' };
    uploads.push({ name: record.upload.name, bytes: files.file.size });
    onProgress(100);
    return { ok: true, msg: URL_VOICE, media: { peaks: record.upload.peaks ?? [] } };
  },
}));

beforeAll(() => i18n.loadAndActivate({ locale: 'en-us', messages: {} }));

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('a voice note recorded offline', () => {
  it('is kept with its file across a reload, uploads once online, is sent once, and its file goes when stored', async () => {
    const cache = createMemoryChatCache();
    const offline = new FakeTransport();
    offline.online = false;
    offline.drops();
    const start = (transport: FakeTransport, store = createStore()) => ({
      store,
      chat: createChatService({
        store,
        transport,
        cache,
        me: () => ME,
        lang: () => 'en-us',
        api: fakeApi({}),
        isVisible: () => true,
        newId: () => 'voice-1',
      }),
    });

    const first = start(offline);
    const clientId = await first.chat.sendMedia(
      ALICE,
      { kind: 'voice', name: 'voice.weba', peaks: [5, 100] },
      { file: new Blob([new Uint8Array(1234)], { type: 'audio/webm' }) },
    );
    expect(clientId).toBe('voice-1');
    expect(cache.files.get('voice-1')?.file.size).toBe(1234);
    expect(first.store.get(outboxRecordsAtom).map((r) => r.state)).toEqual(['queued']);
    expect(uploads).toEqual([]);
    first.chat.dispose();

    // A reload, then the connection is back.
    const online = new FakeTransport();
    online.online = false;
    online.drops();
    const second = start(online);
    await until(() => second.store.get(outboxRecordsAtom).length === 1);
    online.online = true;
    online.opens();
    await until(() => online.sentOf('chart').length === 1);
    expect(uploads).toEqual([{ name: 'voice.weba', bytes: 1234 }]);
    expect(online.sentOf('chart')[0]?.data).toMatchObject({ clientId: 'voice-1', type: 9, msg: URL_VOICE });

    online.serverSends({
      action: 'chart',
      data: msg(70, { senderId: ME, toId: ALICE, type: 9, msg: URL_VOICE, clientId: 'voice-1' }),
    });
    await until(() => second.store.get(outboxRecordsAtom).length === 0);
    await until(() => !cache.files.has('voice-1'));
    expect(online.sentOf('chart')).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    second.chat.dispose();
  });
});
