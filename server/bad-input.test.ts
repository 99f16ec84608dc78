/**
 * The attack walk of issue 7 items 2 and 9: every REST route (body, path, query) and every socket frame, each field
 * poisoned in turn with what an attacker sends (NUL, lone surrogates, 2^31, -1, 1e20, '1e3', huge strings).
 * Each answer is a 400 whose message names the field; never a 500; and no table changes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, member, type TestSocket } from './realtime/socket-test-client.ts';
import { bearer, call, md5, newMember } from './test-helper.ts';

// The walk sends hundreds of frames on one socket: the rate limit is not what this file tests.
const t = listeningTestApp({ WS_MSG_PER_SEC: '100000', WS_MSG_BURST: '100000' });

type Member = Awaited<ReturnType<typeof member>>;
let me: Member;
let other: Member;
let msgId: number;
let socket: TestSocket;

beforeAll(async () => {
  me = await member(t.app);
  other = await member(t.app);
  socket = await t.open(me.token);
  const clientId = randomUUID();
  socket.send({ action: 'chart', data: { toId: other.id, type: 1, msg: 'a real one', lang: 'en', clientId } });
  msgId = (await socket.next((f) => f.action === 'chart' && f.data?.clientId === clientId)).data.id;
});

const HUGE = 'x'.repeat(100_000);
/** What goes where a string belongs. */
const TEXT_POISONS: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['reversed pair', '\ude00\ud83d'],
  ['huge string', HUGE],
  ['2^31', 2 ** 31],
  ['-1', -1],
  ['1e20', 1e20],
  ['object', { $ne: '' }],
  ['array', ['a']],
];
/** What goes where an id or a number belongs. */
const NUMBER_POISONS: [string, unknown][] = [
  ['2^31', 2 ** 31],
  ['-1', -1],
  ['0', 0],
  ['1e20', 1e20],
  ['1.5', 1.5],
  ["'1e3'", '1e3'],
  ["'7'", '7'],
  ['NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['huge string', HUGE],
  ['null', null],
  ['array', [1]],
];
/** Message ids are bigserial: 2^31 is one; beyond what a JavaScript number holds exactly is not. */
const MESSAGE_ID_POISONS: [string, unknown][] = [
  ...NUMBER_POISONS.filter(([why]) => why !== '2^31'),
  ['2^53 + 2', 2 ** 53 + 2],
];
/** Values a field takes on purpose: nullable profile numbers, countryId 0 (no country). */
const ALLOWED: Record<string, unknown[]> = { countryId: [null, 0], height: [null], weight: [null] };
const numberPoisons = (field: string) =>
  (field === 'msgId' ? MESSAGE_ID_POISONS : NUMBER_POISONS).filter(([, v]) => !ALLOWED[field]?.includes(v));

/** What goes where digits belong in a path or query (already URL-encoded). */
const DIGIT_POISONS = ['2147483648', '-1', '0', '1e3', '1.5', '%00', '1%00', '%20%31', '0x10', '9'.repeat(40), 'a'];

/** Every table but sessions (a request may touch its token's last use), as one fingerprint. */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.app.amity.db;
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in ('sessions') and table_name not like 'kysely%'`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ f: string }>`
      select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f
      from ${sql.table(name)} x`.execute(db);
    out[name] = rows[0]!.f;
  }
  return out;
}

interface Route {
  method: 'POST' | 'PUT';
  url: string;
  signedIn: boolean;
  valid: () => Record<string, unknown>;
  text?: string[];
  numbers?: string[];
}

const routes = (): Route[] => [
  {
    method: 'POST',
    url: '/h5-api/api/system/user/register',
    signedIn: false,
    valid: () => newMember({ language: 'en-us', invitationCode: 'x' }),
    text: ['username', 'email', 'password', 'birthday', 'country', 'language', 'invitationCode'],
    numbers: ['gender', 'countryId', 'height', 'weight'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/system/user/login',
    signedIn: false,
    valid: () => ({ keyword: 'someone', password: md5('x') }),
    text: ['keyword', 'password'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/system/user/code',
    signedIn: false,
    valid: () => ({ email: 'nobody@example.com' }),
    text: ['email'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/system/user/reset',
    signedIn: false,
    valid: () => ({ email: 'nobody@example.com', code: '123456', password: md5('x') }),
    text: ['email', 'code', 'password'],
  },
  {
    method: 'PUT',
    url: '/h5-api/api/system/user/password',
    signedIn: true,
    valid: () => ({ oldPassword: md5('secret123'), newPassword: md5('other') }),
    text: ['oldPassword', 'newPassword'],
  },
  {
    method: 'PUT',
    url: '/h5-api/api/system/user/update',
    signedIn: true,
    valid: () => ({}),
    text: ['avatar', 'birthday', 'country', 'email', 'sign', 'username', 'language'],
    numbers: ['countryId', 'gender', 'height', 'weight'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/user/like/add',
    signedIn: true,
    valid: () => ({ userId: other.id, like: true }),
    numbers: ['userId'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/user/visitor/add',
    signedIn: true,
    valid: () => ({ userId: other.id }),
    numbers: ['userId'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/system/report/add',
    signedIn: true,
    valid: () => ({ reportedId: other.id, type: 1 }),
    numbers: ['reportedId', 'type'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/chat/trans',
    signedIn: true,
    valid: () => ({ msgId, lang: 'es-es' }),
    text: ['lang'],
    numbers: ['msgId'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/chat/trans/text',
    signedIn: true,
    valid: () => ({ text: 'hello', lang: 'es-es', from: 'en-us' }),
    text: ['text', 'lang', 'from'],
  },
  {
    // The encrypted purchase envelope (docs/api.md, Commerce); its inner fields are walked in commerce.test.ts.
    method: 'POST',
    url: '/h5-api/api/buy/character',
    signedIn: true,
    valid: () => ({ data: 'U2FsdGVkX1' }),
    text: ['data'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/pay/sandbox/orders/SBNOSUCHORDER/approve',
    signedIn: true,
    valid: () => ({ cardNumber: '4111111111111111' }),
    text: ['cardNumber'],
  },
  {
    method: 'POST',
    url: '/h5-api/api/moment/add',
    signedIn: true,
    valid: () => ({ text: 'hello', images: [], alts: [] }),
    text: ['text', 'images', 'alts'],
  },
];

/** Collects what is not a 400 naming `field`, so one run lists every hole at once. */
const problems: string[] = [];
function expectRefusal(
  where: string,
  res: { status: number; body: { code: number; message: string | null } },
  field: string,
) {
  if (res.status !== 400 || res.body.code !== 400 || !new RegExp(`^${field}\\b`).test(res.body.message ?? '')) {
    problems.push(`${where} → ${res.status} ${res.body.message}`);
  }
}

afterEach(() => {
  const found = problems.splice(0);
  expect(found).toEqual([]);
});

describe('every JSON body field, poisoned', () => {
  it('answers 400 naming the field, never 500, and changes nothing', async () => {
    const before = await snapshot();
    let tried = 0;
    for (const route of routes()) {
      const cases = [
        ...(route.text ?? []).flatMap((f) => TEXT_POISONS.map(([why, v]) => [f, why, v] as const)),
        ...(route.numbers ?? []).flatMap((f) => numberPoisons(f).map(([why, v]) => [f, why, v] as const)),
      ];
      for (const [field, why, value] of cases) {
        const res = await call(t.app, {
          method: route.method,
          url: route.url,
          payload: { ...route.valid(), [field]: value },
          headers: route.signedIn ? bearer(me.token) : {},
        });
        expectRefusal(`${route.method} ${route.url} ${field} = ${why}`, res, field);
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('every path and query value, poisoned', () => {
  const paths: [string, string, (v: string) => string][] = [
    ['userId', 'GET base', (v) => `/h5-api/api/system/user/base/${v}`],
    ['userId', 'GET like/user', (v) => `/h5-api/api/user/like/user/${v}`],
    ['peerId', 'GET history', (v) => `/h5-api/api/chat/history/${v}`],
    ['before', 'GET history ?before', (v) => `/h5-api/api/chat/history/${other.id}?before=${v}`],
    ['size', 'GET history ?size', (v) => `/h5-api/api/chat/history/${other.id}?size=${v}`],
    ['msgId', 'GET trans/preview ?msgId', (v) => `/h5-api/api/chat/trans/preview?msgId=${v}&lang=es-es`],
    ...['/api/user/like/me', '/api/user/like/mine', '/api/user/visitor/list', '/api/system/user/meet'].flatMap(
      (p): [string, string, (v: string) => string][] => [
        ['page', `GET ${p} ?page`, (v) => `/h5-api${p}?page=${v}`],
        ['size', `GET ${p} ?size`, (v) => `/h5-api${p}?size=${v}`],
      ],
    ),
    ['page', 'GET search ?page', (v) => `/h5-api/api/system/user/search?keyword=a&page=${v}`],
    ['userId', 'GET moment/user', (v) => `/h5-api/api/moment/user/${v}`],
    ['cursor', 'GET moment/square ?cursor', (v) => `/h5-api/api/moment/square?cursor=${v}`],
    ['size', 'GET moment/square ?size', (v) => `/h5-api/api/moment/square?size=${v}`],
    ['cursor', 'GET moment/user ?cursor', (v) => `/h5-api/api/moment/user/${other.id}?cursor=${v}`],
  ];

  it('answers 400 naming the value, never 500, and changes nothing', async () => {
    const before = await snapshot();
    for (const [field, what, url] of paths) {
      // A message id may pass 2^31 (bigserial) but not 2^53.
      const values =
        field === 'before' || field === 'msgId' ? [...DIGIT_POISONS.slice(1), '9007199254740993'] : DIGIT_POISONS;
      for (const value of values) {
        const res = await call(t.app, { method: 'GET', url: url(value), headers: bearer(me.token) });
        expectRefusal(`${what} = ${value}`, res, field);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('text in a query (the search keyword, preview lang and text) refuses NUL, lone surrogates and excess', async () => {
    const texts: [string, string][] = [
      ['keyword', '/h5-api/api/system/user/search?keyword='],
      ['lang', `/h5-api/api/chat/trans/preview?msgId=1&lang=`],
      ['text', '/h5-api/api/chat/trans/preview?lang=es-es&text='],
      ['from', '/h5-api/api/chat/trans/preview?lang=es-es&text=hi&from='],
    ];
    for (const [field, prefix] of texts) {
      for (const value of ['a%00b', '%00', encodeURIComponent('x'.repeat(3000))]) {
        expectRefusal(
          `${field} = ${value.slice(0, 20)}`,
          await call(t.app, { method: 'GET', url: prefix + value, headers: bearer(me.token) }),
          field,
        );
      }
    }
  });

  it('a path that is not valid percent-encoded UTF-8 is a 400 in the envelope', async () => {
    for (const url of ['/h5-api/api/system/user/base/%ED%A0%80', '/h5-api/api/chat/history/%C0%AF']) {
      const res = await call(t.app, { method: 'GET', url, headers: bearer(me.token) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: 'The URL is not valid: a path segment is not percent-encoded UTF-8',
        data: null,
      });
    }
  });
});

describe('every socket frame field, poisoned', () => {
  const frames = () => [
    {
      action: 'chart',
      valid: () => ({ toId: other.id, type: 1, msg: 'hi', lang: 'en', clientId: randomUUID() }),
      text: ['msg', 'lang', 'clientId'],
      numbers: ['toId', 'type'],
    },
    { action: 'read', valid: () => ({ senderId: other.id }), numbers: ['senderId'] },
    { action: 'block', valid: () => ({ receiverId: other.id, block: false }), numbers: ['receiverId'] },
    { action: 'trans', valid: () => ({ msgId, lang: 'es-es' }), text: ['lang'], numbers: ['msgId'] },
    { action: 'transPreview', valid: () => ({ msgId, lang: 'es-es' }), text: ['lang'], numbers: ['msgId'] },
    {
      action: 'transText',
      valid: () => ({ text: 'hello', lang: 'es-es', from: 'en-us' }),
      text: ['text', 'lang', 'from'],
    },
  ];
  // A frame is at most 64 KiB; this is over every field's length and under that.
  const FRAME_HUGE = 'x'.repeat(20_000);
  const inFrame = (v: unknown) => (v === HUGE ? FRAME_HUGE : v);

  it('answers 400 naming the field on the same socket, which stays open, and changes nothing', async () => {
    const before = await snapshot();
    for (const frame of frames()) {
      const cases = [
        ...(frame.text ?? []).flatMap((f) => TEXT_POISONS.map(([why, v]) => [f, why, v] as const)),
        ...(frame.numbers ?? []).flatMap((f) => numberPoisons(f).map(([why, v]) => [f, why, v] as const)),
      ];
      for (const [field, why, value] of cases) {
        socket.send({ action: frame.action, data: { ...frame.valid(), [field]: inFrame(value) } });
        const answer = await socket.next((f) => f.action === frame.action);
        expectRefusal(`${frame.action} ${field} = ${why}`, { status: answer.code, body: answer as never }, field);
      }
    }
    // The sender's own translations of a text message: poisoned values and keys.
    for (const translations of [
      { 'es-es': 'a\u0000b' },
      { 'es-es': 'a\ud800' },
      { 'es-es': FRAME_HUGE },
      { 'es\u0000es': 'hola' },
      { 'es-es': 2 ** 31 },
    ]) {
      const data = { ...frames()[0]!.valid(), translations };
      socket.send({ action: 'chart', data });
      const answer = await socket.next((f) => f.action === 'chart');
      expectRefusal(
        `chart translations = ${JSON.stringify(translations).slice(0, 40)}`,
        { status: answer.code, body: answer as never },
        'translations',
      );
    }
    await socket.roundTrip();
    expect(await snapshot()).toEqual(before);
  });

  it('the examples of item 9: NUL in sign, country and the search keyword; read and block beyond int4', async () => {
    const update = (body: object) =>
      call(t.app, { method: 'PUT', url: '/h5-api/api/system/user/update', payload: body, headers: bearer(me.token) });
    expect((await update({ sign: 'hi\u0000' })).body).toEqual({
      code: 400,
      message: 'sign must not contain a NUL character',
      data: null,
    });
    expect((await update({ country: '\u0000' })).body.message).toBe('country must not contain a NUL character');
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/h5-api/api/system/user/search?keyword=%00',
          headers: bearer(me.token),
        })
      ).body.message,
    ).toBe('keyword must not contain a NUL character');
    socket.send({ action: 'read', data: { senderId: 2 ** 31 } });
    expect(await socket.next((f) => f.action === 'read')).toMatchObject({
      code: 400,
      message: 'senderId must be a user id (a whole number from 1 to 2147483647)',
    });
    socket.send({ action: 'block', data: { receiverId: 99_999_999_999, block: true } });
    expect(await socket.next((f) => f.action === 'block')).toMatchObject({
      code: 400,
      message: 'receiverId must be a user id (a whole number from 1 to 2147483647)',
    });
  });
});
