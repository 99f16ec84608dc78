/**
 * No translation engine (docs/api.md, Translation): TRANSLATE_ENGINE=none, or Apertium chosen but not installed or
 * not starting. Every translation call, frame or REST, answers 503 'Translation is not available' and charges
 * nothing, caches nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '#protocol/user.ts';
import { startApy } from '../../adapters/translate/apertium.ts';
import type { ApyLauncher } from '../../adapters/translate/translator.ts';
import { type ListeningApp, listen, member, type TestSocket } from '../../realtime/socket-test-client.ts';
import { API, bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { insertMessage, ledgerProblems } from './translate.test-kit.ts';

let t: TestApp;
let server: ListeningApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await makeApp({ TRANSLATE_ENGINE: 'none' });
  server = await listen(t.app);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('translation with no engine', () => {
  it('answers 503 to trans, transText and transPreview, by socket and by REST, and charges nothing', async () => {
    expect(t.app.amity.translator.name).toBe('none');
    const writer = await member(t.app);
    const reader = await member(t.app);
    const db = t.app.amity.db;
    const msgId = await insertMessage(db, { senderId: writer.id, toId: reader.id, msg: 'hello there', lang: 'en-us' });
    const s = await server.open(reader.token);
    sockets.push(s);

    const frames: [string, object][] = [
      ['trans', { msgId, lang: 'es-es' }],
      ['transText', { text: 'see you soon', lang: 'es-es', from: 'en-us' }],
      ['transPreview', { msgId, lang: 'es-es' }],
      ['transPreview', { text: 'see you soon', lang: 'es-es', from: 'en-us' }],
    ];
    for (const [action, data] of frames) {
      s.send({ action, data });
      const answer = await s.next((f) => f.action === action, 5000);
      expect({ action, code: answer.code, message: answer.message }).toEqual({
        action,
        code: 503,
        message: 'Translation is not available',
      });
    }

    const requests = [
      { method: 'POST' as const, url: '/h5-api/api/chat/trans', payload: { msgId, lang: 'es-es' } },
      { method: 'POST' as const, url: '/h5-api/api/chat/trans/text', payload: { text: 'later', lang: 'es-es' } },
      { method: 'GET' as const, url: `/h5-api/api/chat/trans/preview?msgId=${msgId}&lang=es-es` },
    ];
    for (const request of requests) {
      const res = await call(t.app, { ...request, headers: bearer(reader.token) });
      expect({ url: request.url, status: res.status, body: res.body }).toEqual({
        url: request.url,
        status: 503,
        body: { code: 503, message: 'Translation is not available', data: null },
      });
    }

    const info = (await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(reader.token) })).body
      .data as UserInfo;
    expect(info).toMatchObject({ dayCharacterCount: 1500, registerCharacterCount: 1500 });
    const ledger = await db.selectFrom('ledger').select('reason').where('user_id', '=', reader.id).execute();
    expect(ledger.map((r) => r.reason)).not.toContain('translation');
    const row = await db
      .selectFrom('messages')
      .select('translations')
      .where('id', '=', String(msgId))
      .executeTakeFirst();
    expect(row?.translations).toEqual({});
    expect(await ledgerProblems(db, [reader.id])).toEqual([]);
  });
});

describe('Apertium that is missing or does not start', () => {
  /** A `trans` of an English message into Spanish on an app made with `apyLauncher`, and the reader's balances. */
  async function transOn(apyLauncher: ApyLauncher) {
    const app = await makeApp({ TRANSLATE_ENGINE: 'apertium' }, { apyLauncher });
    try {
      const writer = await member(app.app);
      const reader = await member(app.app);
      const msgId = await insertMessage(app.app.amity.db, {
        senderId: writer.id,
        toId: reader.id,
        msg: 'hello',
        lang: 'en-us',
      });
      const res = await call(app.app, {
        method: 'POST',
        url: '/h5-api/api/chat/trans',
        headers: bearer(reader.token),
        payload: { msgId, lang: 'es-es' },
      });
      const info = (await call(app.app, { method: 'GET', url: `${API}/info`, headers: bearer(reader.token) })).body
        .data as UserInfo;
      return { name: app.app.amity.translator.name, res, info };
    } finally {
      await app.close();
    }
  }

  it('not installed: translation is off, 503, nothing charged', async () => {
    let started = false;
    const { name, res, info } = await transOn({
      installed: () => false,
      start: (options) => {
        started = true;
        return startApy(options);
      },
    });
    expect(name).toBe('none');
    expect(started).toBe(false);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 503,
      message: 'Translation is not available',
    });
    expect(info).toMatchObject({ dayCharacterCount: 1500, registerCharacterCount: 1500 });
  });

  it('installed but failing to start: 503 rather than 502 or 500, nothing charged', async () => {
    // `false` stands where APY's command line would run: the child exits at once with status 1.
    const { name, res, info } = await transOn({
      installed: () => true,
      start: (options) => startApy({ ...options, launcher: ['false'] }),
    });
    expect(name).toBe('apertium');
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 503,
      message: 'Translation is not available',
    });
    expect(info).toMatchObject({ dayCharacterCount: 1500, registerCharacterCount: 1500 });
  });
});
