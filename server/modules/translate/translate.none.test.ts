/**
 * TRANSLATE_ENGINE=none (docs/api.md, Translation): every translation call, frame or REST, answers 503 'Translation
 * is not available' and charges nothing, caches nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '#protocol/user.ts';
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
