/**
 * `trans`, `transPreview` and `transText` through the real server and sockets, on a LibreTranslate stand-in and a
 * clock the tests move: the engine's requests, every step of the consumption order, the UTC reset, staff, the cache,
 * 402, 400, 502 and 403 with nothing charged, 50 concurrent translations against a balance that pays for 10, and 20
 * paid in gold against one that pays for 3.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransPreview, TransResult } from '#protocol/translation.ts';
import type { UserInfo } from '#protocol/user.ts';
import { type Frame, type ListeningApp, listen, member, type TestSocket } from '../../realtime/socket-test-client.ts';
import { API, bearer, call, makeApp, type TestApp } from '../../test-helper.ts';
import { upsertMembership } from '../users/users.repository.ts';
import {
  grant,
  insertMessage,
  ledgerProblems,
  type StandIn,
  startLibreTranslateStandIn,
} from './translate.test-kit.ts';

const clock = { now: new Date('2026-03-10T12:00:00Z') };
let t: TestApp;
let server: ListeningApp;
let engine: StandIn;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  engine = await startLibreTranslateStandIn({ apiKey: 'test-key', slowMs: 6000 });
  t = await makeApp(
    {
      TRANSLATE_ENGINE: 'libretranslate',
      TRANSLATE_URL: engine.url,
      TRANSLATE_API_KEY: 'test-key',
      // Long enough for 50 parallel requests on a busy machine, short enough to wait for once.
      TRANSLATE_TIMEOUT_MS: '2000',
      WS_MSG_BURST: '1000',
      WS_MSG_PER_SEC: '1000',
    },
    { now: () => clock.now },
  );
  server = await listen(t.app);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
  await engine?.close();
});

const db = () => t.app.amity.db;

async function open(token: string): Promise<TestSocket> {
  const s = await server.open(token);
  sockets.push(s);
  return s;
}

async function ask(s: TestSocket, action: string, data: unknown): Promise<Frame> {
  s.send({ action, data });
  return s.next((f) => f.action === action, 5000);
}

const trans = (s: TestSocket, msgId: number, lang = 'es-es') => ask(s, 'trans', { msgId, lang });

async function info(token: string): Promise<UserInfo> {
  const res = await call(t.app, { method: 'GET', url: `${API}/info`, headers: bearer(token) });
  return res.body.data as UserInfo;
}

/** Two members of a conversation, the reader with an open socket, and a message to the reader. */
async function conversation(msg = 'hello', lang = 'en-us') {
  const writer = await member(t.app);
  const reader = await member(t.app);
  const msgId = await insertMessage(db(), { senderId: writer.id, toId: reader.id, msg, lang });
  return { writer, reader, msgId, s: await open(reader.token) };
}

async function ledgerCount(userId: number): Promise<number> {
  const rows = await db().selectFrom('ledger').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

describe('trans on LibreTranslate', () => {
  it('translates through the engine with the api key, charges the day allowance and answers what is left', async () => {
    const { reader, msgId, s } = await conversation('hello 😀 there');
    const before = engine.requests.length;
    const answer = await trans(s, msgId);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      msgId,
      lang: 'es-es',
      text: '[en>es] hello 😀 there',
      characterCount: 1500,
      dayCharacterCount: 1500 - 13,
      buyGoldCount: 0,
      giveGoldCount: 0,
      charged: 13,
    } satisfies TransResult);
    expect(engine.requests.slice(before)).toEqual([
      { q: 'hello 😀 there', source: 'en', target: 'es', format: 'text', api_key: 'test-key' },
    ]);
    expect((await info(reader.token)).dayCharacterCount).toBe(1487);
    const ledger = await db().selectFrom('ledger').selectAll().where('user_id', '=', reader.id).orderBy('id').execute();
    expect(ledger.at(-1)).toMatchObject({
      kind: 'day_character',
      reason: 'translation',
      ref: `message:${msgId}:es-es`,
    });
    expect(Number(ledger.at(-1)!.delta)).toBe(-13);
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('sends source auto when the message language is unknown, and accepts short tags', async () => {
    const { msgId, s } = await conversation('who knows', '');
    const answer = await trans(s, msgId, 'es');
    expect(answer.data.text).toBe('[auto>es] who knows');
    expect(answer.data.lang).toBe('es-es');
    expect(engine.requests.at(-1)).toMatchObject({ source: 'auto', target: 'es' });
  });

  it('caches per message and language: asking again, or the other member asking, costs nothing', async () => {
    const { writer, reader, msgId, s } = await conversation('cache me');
    const first = await trans(s, msgId);
    expect(first.data.charged).toBe(8);
    const requests = engine.requests.length;
    const again = await trans(s, msgId);
    expect(again.data).toEqual({ ...first.data, charged: 0 });
    const sw = await open(writer.token);
    const theirs = await trans(sw, msgId);
    expect(theirs.data).toMatchObject({ text: '[en>es] cache me', charged: 0, dayCharacterCount: 1500 });
    expect(engine.requests.length).toBe(requests);
    expect((await info(writer.token)).dayCharacterCount).toBe(1500);
    // The history carries the translation.
    const history = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/history/${writer.id}`,
      headers: bearer(reader.token),
    });
    expect((history.body.data as { translations: object }[])[0]!.translations).toEqual({ 'es-es': '[en>es] cache me' });
    // Another language is another translation, paid again.
    expect((await trans(s, msgId, 'de-de')).data).toMatchObject({ text: '[en>de] cache me', charged: 8 });
  });

  it('only the two members of a conversation may translate its messages', async () => {
    const { msgId } = await conversation('private');
    const stranger = await member(t.app);
    const s = await open(stranger.token);
    const requests = engine.requests.length;
    expect(await trans(s, msgId)).toMatchObject({ code: 403, message: /your own conversations/ });
    expect(await trans(s, 987_654_321)).toMatchObject({ code: 404, message: 'No such message' });
    expect(engine.requests.length).toBe(requests);
    expect(await ledgerCount(stranger.id)).toBe(1); // the registration only
  });

  it('answers 400 naming the pair the engine lacks, and for a language that is not one of the eight', async () => {
    const { reader, msgId, s } = await conversation('hola amigo', 'es-es');
    const requests = engine.requests.length;
    expect(await trans(s, msgId, 'de-de')).toMatchObject({
      code: 400,
      message: 'Translation from es-es to de-de is not available',
    });
    expect(await trans(s, msgId, 'xx')).toMatchObject({ code: 400, message: /lang: 'xx' is not one of zh-cn, en-us/ });
    expect(await trans(s, msgId, 5 as unknown as string)).toMatchObject({ code: 400, message: /lang/ });
    expect(engine.requests.length).toBe(requests);
    expect((await info(reader.token)).dayCharacterCount).toBe(1500);
  });

  it('a failing engine answers 502 and a slow one 502 after the timeout; nothing is charged or cached', async () => {
    const { reader, writer, msgId, s } = await conversation('this will FAIL');
    expect(await trans(s, msgId)).toMatchObject({ code: 502, message: /nothing was charged/ });
    const slow = await insertMessage(db(), { senderId: writer.id, toId: reader.id, msg: 'SLOW one', lang: 'en-us' });
    expect(await trans(s, slow)).toMatchObject({ code: 502, message: /nothing was charged/ });
    // The 502 came from the timeout (TRANSLATE_TIMEOUT_MS here; 10 s by default), not from the engine: the stand-in,
    // which holds SLOW texts for 6 s, has not answered it yet.
    expect(engine.requests.at(-1)).toMatchObject({ q: 'SLOW one' });
    expect(engine.answered).not.toContain('SLOW one');
    const me = await info(reader.token);
    expect(me.dayCharacterCount).toBe(1500);
    expect(me.registerCharacterCount).toBe(1500);
    expect(await ledgerCount(reader.id)).toBe(1);
    const row = await db()
      .selectFrom('messages')
      .select('translations')
      .where('id', '=', String(msgId))
      .executeTakeFirst();
    expect(row?.translations).toEqual({});
  });

  it('an image cannot be translated; a message already in the target language costs nothing', async () => {
    const { reader, writer, msgId, s } = await conversation('ya en español', 'es-es');
    expect((await trans(s, msgId, 'es-es')).data).toMatchObject({ text: 'ya en español', charged: 0 });
    const image = await insertMessage(db(), {
      senderId: writer.id,
      toId: reader.id,
      msg: '/uploads/a.png',
      lang: '',
      type: 2,
    });
    expect(await trans(s, image)).toMatchObject({ code: 400, message: /only text messages/ });
  });
});

describe('consumption order', () => {
  it('pays from day, register, give, buy, then give gold, then buy gold (one gold per 75 characters, rounded up)', async () => {
    const { writer, reader, s } = await conversation('x');
    await grant(
      db(),
      reader.id,
      { day_character: 10, register_character: 10, give_character: 10, buy_character: 10, give_gold: 1, buy_gold: 2 },
      clock.now,
    );
    const steps: [number, Partial<UserInfo>][] = [
      [15, { dayCharacterCount: 0, registerCharacterCount: 5 }],
      [10, { registerCharacterCount: 0, giveCharacterCount: 5 }],
      [10, { giveCharacterCount: 0, buyCharacterCount: 5 }],
      [5, { buyCharacterCount: 0, giveGoldCount: 1 }],
      [1, { giveGoldCount: 0, buyGoldCount: 2 }],
      [76, { buyGoldCount: 0 }],
    ];
    let n = 0;
    for (const [cost, after] of steps) {
      n += 1;
      const msgId = await insertMessage(db(), {
        senderId: writer.id,
        toId: reader.id,
        msg: `${'a'.repeat(cost - 1)}${n % 10}`,
        lang: 'en-us',
      });
      const answer = await trans(s, msgId);
      expect({ step: n, code: answer.code, charged: answer.data?.charged }).toEqual({
        step: n,
        code: 200,
        charged: cost,
      });
      expect(await info(reader.token)).toMatchObject(after);
      expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
    }
    const kinds = await db()
      .selectFrom('ledger')
      .select(['kind', 'delta'])
      .where('user_id', '=', reader.id)
      .where('reason', '=', 'translation')
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => `${k.kind} ${Number(k.delta)}`)).toEqual([
      'day_character -10',
      'register_character -5',
      'register_character -5',
      'give_character -5',
      'give_character -5',
      'buy_character -5',
      'buy_character -5',
      'give_gold -1',
      'buy_gold -2',
    ]);
    // Everything is spent: the next character is refused with 402, nothing charged, the engine not asked.
    const last = await insertMessage(db(), { senderId: writer.id, toId: reader.id, msg: 'z', lang: 'en-us' });
    const requests = engine.requests.length;
    expect(await trans(s, last)).toMatchObject({ code: 402, message: /Not enough characters or gold/ });
    expect(engine.requests.length).toBe(requests);
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('the day allowance resets at 00:00 UTC and never accumulates', async () => {
    clock.now = new Date('2026-03-10T23:59:59Z');
    const { writer, reader, s } = await conversation('x');
    await grant(db(), reader.id, { day_character: 4, register_character: 100 }, clock.now);
    const msg = (text: string) =>
      insertMessage(db(), { senderId: writer.id, toId: reader.id, msg: text, lang: 'en-us' });
    expect((await trans(s, await msg('abcdef'))).data).toMatchObject({ dayCharacterCount: 0, characterCount: 98 });
    clock.now = new Date('2026-03-11T00:00:00Z');
    expect((await info(reader.token)).dayCharacterCount).toBe(1500);
    expect((await trans(s, await msg('abc'))).data).toMatchObject({ dayCharacterCount: 1497, characterCount: 98 });
    clock.now = new Date('2026-03-13T08:00:00Z'); // two days unused: still 1,500, not more
    expect((await info(reader.token)).dayCharacterCount).toBe(1500);
    expect((await trans(s, await msg('ab'))).data).toMatchObject({ dayCharacterCount: 1498 });
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
    clock.now = new Date('2026-03-10T12:00:00Z');
  });

  it('VIP and senior members get their level’s day allowance', async () => {
    const { reader, msgId, s } = await conversation('vip');
    await upsertMembership(db(), {
      user_id: reader.id,
      level_name: 'VIP',
      level_sort: 2,
      ends_at: new Date('2026-04-10T00:00:00Z'),
    });
    expect((await info(reader.token)).dayCharacterCount).toBe(3000);
    expect((await trans(s, msgId)).data).toMatchObject({ dayCharacterCount: 2997 });
    // Senior running beside VIP: the senior level (the lowest level_sort) pays with its 5,000.
    const other = await conversation('senior');
    await upsertMembership(db(), {
      user_id: other.reader.id,
      level_name: 'VIP',
      level_sort: 2,
      ends_at: new Date('2026-04-10T00:00:00Z'),
    });
    await upsertMembership(db(), {
      user_id: other.reader.id,
      level_name: '高级会员',
      level_sort: 1,
      ends_at: new Date('2026-04-10T00:00:00Z'),
    });
    expect((await info(other.reader.token)).dayCharacterCount).toBe(5000);
    expect((await trans(other.s, other.msgId)).data).toMatchObject({ dayCharacterCount: 4994 });
    // An expired membership gives the non-member's 1,500 again.
    const lapsed = await conversation('lapsed');
    await upsertMembership(db(), {
      user_id: lapsed.reader.id,
      level_name: '高级会员',
      level_sort: 1,
      ends_at: new Date('2026-03-10T11:59:59Z'),
    });
    expect((await trans(lapsed.s, lapsed.msgId)).data).toMatchObject({ dayCharacterCount: 1494 });
  });

  it('staff accounts translate without paying anything', async () => {
    const { reader, msgId, s } = await conversation('staff translation');
    await db()
      .updateTable('users')
      .set({ staff_account: true, register_character_count: 0 })
      .where('id', '=', reader.id)
      .execute();
    await grant(db(), reader.id, { day_character: 0 }, clock.now);
    const before = await ledgerCount(reader.id);
    expect((await trans(s, msgId)).data).toMatchObject({ text: '[en>es] staff translation', charged: 0 });
    expect(await ledgerCount(reader.id)).toBe(before);
  });
});

describe('preview and drafts', () => {
  it('transPreview and GET /api/chat/trans/preview answer the cost and what would be left, charging nothing', async () => {
    const { reader, writer, msgId, s } = await conversation('a'.repeat(40));
    await grant(db(), reader.id, { day_character: 30, register_character: 0, give_gold: 1 }, clock.now);
    const expected: TransPreview = {
      cost: 40,
      free: false,
      enough: true,
      spend: { day: 30, register: 0, give: 0, buy: 0, giveGold: 1, buyGold: 0 },
      left: { characterCount: 0, dayCharacterCount: 0, buyGoldCount: 0, giveGoldCount: 0 },
    };
    expect((await ask(s, 'transPreview', { msgId, lang: 'es-es' })).data).toEqual(expected);
    const rest = await call(t.app, {
      method: 'GET',
      url: `/h5-api/api/chat/trans/preview?msgId=${msgId}&lang=es-es`,
      headers: bearer(reader.token),
    });
    expect(rest.body).toEqual({ code: 200, message: null, data: expected });
    expect((await info(reader.token)).dayCharacterCount).toBe(30);
    // What the preview said is what the translation charges; afterwards the cached message previews as free.
    expect((await trans(s, msgId)).data).toMatchObject({ charged: 40, ...expected.left });
    expect((await ask(s, 'transPreview', { msgId, lang: 'es-es' })).data).toMatchObject({ free: true, cost: 0 });
    // A draft that cannot be paid previews enough: false.
    const sw = await open(writer.token);
    await grant(db(), writer.id, { day_character: 0, register_character: 0 }, clock.now);
    expect((await ask(sw, 'transPreview', { text: 'hi', lang: 'es-es', from: 'en-us' })).data).toMatchObject({
      cost: 2,
      enough: false,
    });
    expect(await ledgerProblems(db(), [reader.id, writer.id])).toEqual([]);
  });

  it('transText translates a draft before sending, paid the same way', async () => {
    const { reader, s } = await conversation('x');
    const answer = await ask(s, 'transText', { text: 'see you soon', lang: 'es-es', from: 'en-us' });
    expect(answer.data).toEqual({
      lang: 'es-es',
      text: '[en>es] see you soon',
      characterCount: 1500,
      dayCharacterCount: 1488,
      buyGoldCount: 0,
      giveGoldCount: 0,
      charged: 12,
    });
    const rest = await call(t.app, {
      method: 'POST',
      url: '/h5-api/api/chat/trans/text',
      headers: bearer(reader.token),
      payload: { text: 'later', lang: 'es-es', from: 'en-us' },
    });
    expect(rest.body.data).toMatchObject({ text: '[en>es] later', dayCharacterCount: 1483 });
    expect(await ask(s, 'transText', { text: '  ', lang: 'es-es' })).toMatchObject({
      code: 400,
      message: /text must not be empty/,
    });
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });
});

describe('writing in your language, sending in the partner’s', () => {
  it('a message sent with its translation stores both; the partner reads theirs for nothing', async () => {
    const { writer, reader, s: readerSocket } = await conversation('x');
    const s = await open(writer.token);
    const draft = await ask(s, 'transText', { text: 'see you tomorrow', lang: 'es-es', from: 'en-us' });
    expect(draft.data).toMatchObject({ text: '[en>es] see you tomorrow', charged: 16 });
    const clientId = randomUUID();
    s.send({
      action: 'chart',
      data: {
        toId: reader.id,
        type: 1,
        msg: 'see you tomorrow',
        lang: 'en-us',
        clientId,
        translations: { es: draft.data.text },
      },
    });
    const ack = await s.next((f) => f.action === 'chart' && f.data?.clientId === clientId);
    expect(ack.data).toMatchObject({ msg: 'see you tomorrow', translations: { 'es-es': '[en>es] see you tomorrow' } });
    const delivered = await readerSocket.next((f) => f.action === 'chart' && f.data?.clientId === clientId);
    expect(delivered.data.translations).toEqual({ 'es-es': '[en>es] see you tomorrow' });
    const requests = engine.requests.length;
    expect((await trans(readerSocket, ack.data.id)).data).toMatchObject({
      text: '[en>es] see you tomorrow',
      charged: 0,
    });
    expect(engine.requests.length).toBe(requests);
    // The original stays readable: translating back into English is the message itself, free.
    expect((await trans(readerSocket, ack.data.id, 'en-us')).data).toMatchObject({
      text: 'see you tomorrow',
      charged: 0,
    });
  });

  it('refuses translations that are not one of the eight locales, empty, too many, or on an image', async () => {
    const { writer, reader } = await conversation('x');
    const s = await open(writer.token);
    const chart = (extra: object) => ({
      action: 'chart',
      data: { toId: reader.id, type: 1, msg: 'hi', lang: 'en-us', clientId: randomUUID(), ...extra },
    });
    const cases: [object, RegExp][] = [
      [{ translations: { xx: 'hola' } }, /translations: 'xx' is not one of/],
      [{ translations: { es: '  ' } }, /translations.es-es must not be empty/],
      [{ translations: { es: 'a', de: 'b', ja: 'c' } }, /at most 2 languages/],
      [{ translations: { es: 5 } }, /translations/],
      [{ type: 2, msg: '/uploads/media/x.png', translations: { es: 'a' } }, /only a text message/],
    ];
    for (const [extra, message] of cases) {
      s.send(chart(extra));
      const answer = await s.next((f) => f.action === 'chart');
      expect({ extra, code: answer.code }).toEqual({ extra, code: 400 });
      expect(answer.message).toMatch(message);
    }
  });
});

describe('concurrency', () => {
  it('50 parallel translations from three sockets against a balance for 10: 10 translated, 40 refused with 402', async () => {
    const { writer, reader } = await conversation('x');
    await grant(db(), reader.id, { day_character: 0, register_character: 100 }, clock.now);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(
        await insertMessage(db(), {
          senderId: writer.id,
          toId: reader.id,
          msg: `message ${String(i).padStart(2, '0')}`,
          lang: 'en-us',
        }),
      );
    }
    const tabs = await Promise.all([open(reader.token), open(reader.token), open(reader.token)]);
    await Promise.all(tabs.map((tab) => tab.roundTrip()));
    for (const [i, msgId] of ids.entries()) tabs[i % 3]!.send({ action: 'trans', data: { msgId, lang: 'es-es' } });
    const answers = await Promise.all(ids.map((_, i) => tabs[i % 3]!.next((f) => f.action === 'trans', 15_000)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    const me = await info(reader.token);
    expect(me.registerCharacterCount).toBe(0);
    expect(me.dayCharacterCount).toBe(0);
    const translated = await db()
      .selectFrom('messages')
      .select('id')
      .where('id', 'in', ids.map(String))
      .where(sql<boolean>`translations <> '{}'::jsonb`)
      .execute();
    expect(translated).toHaveLength(10);
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('20 parallel translations paid in gold (1.5 give, 2 buy; one gold each): 3 translated, 17 refused, none below zero', async () => {
    const { writer, reader } = await conversation('x');
    await grant(db(), reader.id, { day_character: 0, register_character: 0, give_gold: 1.5, buy_gold: 2 }, clock.now);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const msg = `${'g'.repeat(8)}${String(i).padStart(2, '0')}`; // 10 characters: one whole gold each
      ids.push(await insertMessage(db(), { senderId: writer.id, toId: reader.id, msg, lang: 'en-us' }));
    }
    const tabs = await Promise.all([open(reader.token), open(reader.token), open(reader.token)]);
    await Promise.all(tabs.map((tab) => tab.roundTrip()));
    for (const [i, msgId] of ids.entries()) tabs[i % 3]!.send({ action: 'trans', data: { msgId, lang: 'es-es' } });
    const answers = await Promise.all(ids.map((_, i) => tabs[i % 3]!.next((f) => f.action === 'trans', 15_000)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(17);
    // Give gold first (1, then the last 0.5 with 0.5 of buy gold), then buy gold: half a coin is left, too little.
    expect(await info(reader.token)).toMatchObject({ giveGoldCount: 0, buyGoldCount: 0.5 });
    const gold = await db()
      .selectFrom('ledger')
      .select(['kind', 'delta'])
      .where('user_id', '=', reader.id)
      .where('reason', '=', 'translation')
      .execute();
    const spent = (kind: string) =>
      gold.filter((r) => r.kind === kind).reduce((sum, r) => sum + Math.round(Number(r.delta) * 100), 0);
    expect({ give: spent('give_gold'), buy: spent('buy_gold') }).toEqual({ give: -150, buy: -150 });
    expect(await ledgerProblems(db(), [reader.id])).toEqual([]);
  });

  it('the same message asked at once from many tabs of both members is translated and charged once', async () => {
    const { writer, reader, msgId } = await conversation('the same words');
    const tabs = await Promise.all([open(reader.token), open(reader.token), open(writer.token), open(writer.token)]);
    await Promise.all(tabs.map((tab) => tab.roundTrip()));
    const requests = engine.requests.length;
    for (const tab of tabs) for (let k = 0; k < 3; k++) tab.send({ action: 'trans', data: { msgId, lang: 'es-es' } });
    const answers = await Promise.all(
      tabs.flatMap((tab) => [0, 1, 2].map(() => tab.next((f) => f.action === 'trans', 15_000))),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(200));
    // Requests in flight together share one engine call; later ones are cache hits.
    expect(engine.requests.length - requests).toBe(1);
    expect(new Set(answers.map((a) => a.data.text))).toEqual(new Set(['[en>es] the same words']));
    expect(answers.reduce((sum, a) => sum + a.data.charged, 0)).toBe(14);
    const spent = (await info(reader.token)).dayCharacterCount + (await info(writer.token)).dayCharacterCount;
    expect(spent).toBe(3000 - 14);
    expect(await ledgerProblems(db(), [reader.id, writer.id])).toEqual([]);
  });
});
