/**
 * `npm run proof:authz` (issue 14): every route the server registers and every socket action, each tried as
 * anonymous, with a made-up token, as the owner of what it names (member A), as another member (B), as staff without
 * the route's tag and as staff with every tag. A leak is any of:
 *   - an actor the route refuses getting an answer below 400 (it must be 401 for no member, 403 or 404 otherwise);
 *   - a refused call that changed anything in the database (every table digested before and after);
 *   - a call by anyone but A that changed a row A owns (A's user row, sessions, messages, moments, blocks, likes,
 *     visits, reports, orders, uploads, push subscriptions, ledger, memberships, permissions, unread count);
 *   - A's secrets (e-mail, message texts, push endpoint, order id) in any answer or socket frame to someone else;
 *   - a socket frame naming another sender than the socket's member (a forged `senderId` is ignored).
 * It also fails when a route has no case (a new route must say who may call it) or when the owner or the tagged
 * staff cannot do what the case allows (a case nobody passes proves nothing).
 * One in-process server on a throwaway PostgreSQL, a stand-in LibreTranslate, all on 127.0.0.1. PROOF_SECONDS (300)
 * bounds the run.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { PERMISSIONS, type Permission } from '../../protocol/staff.ts';
import { startPostgres } from '../../scripts/lib/postgres.ts';
import { startLibreTranslateStandIn } from '../../server/modules/translate/translate.test-kit.ts';
import { md5 } from '../support/api.ts';
import { startProofServer } from './proof-server.ts';

const limitMs = Number(process.env.PROOF_SECONDS ?? 300) * 1000;
const started = Date.now();
const watchdog = setTimeout(() => {
  console.log(`proof:authz FAILED: not done after ${limitMs / 1000} s`);
  process.exit(1);
}, limitMs);
watchdog.unref();

type ActorName = 'anonymous' | 'made-up token' | 'owner' | 'another member' | 'staff without the tag' | 'staff';
type Policy =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Any signed-in member, acting on their own things only. */
  | { kind: 'member' }
  /** Only the owner (A) of what the path or body names. */
  | { kind: 'owner' }
  /** Only staff holding this tag. */
  | { kind: 'staff'; tag: Permission }
  /** Nobody with what the case sends (no signature): refused to all, changing nothing. */
  | { kind: 'nobody' };

interface Case {
  /** The route as registered, `METHOD /url`. */
  route: string;
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: () => FormData;
  policy: Policy;
  /** The call may end the caller's session (logout, password): sign in again after it. */
  endsSession?: boolean;
}

const leaks: string[] = [];
const unexercised: string[] = [];
let calls = 0;
const leak = (line: string) => {
  leaks.push(line);
  if (leaks.length <= 30) console.log(`  LEAK ${line}`);
};

// --- the server -------------------------------------------------------------------------------------------------
const postgres = await startPostgres();
const translator = await startLibreTranslateStandIn();
const {
  app,
  config,
  base,
  routes: heard,
} = await startProofServer('authz', postgres.url, {
  TRANSLATE_ENGINE: 'libretranslate',
  TRANSLATE_URL: translator.url,
  PAYMENT_PROVIDER: 'sandbox',
});
const registered = heard.map((r) => `${r.method} ${r.url}`);
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();

// --- raw calls --------------------------------------------------------------------------------------------------
interface Answer {
  status: number;
  text: string;
}
async function send(method: string, path: string, token: string | undefined, c?: Pick<Case, 'body' | 'form'>) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (c?.form) body = c.form();
  else if (c?.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const url = path.startsWith('/uploads') ? `${base}${path}` : `${base}/h5-api${path}`;
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  calls += 1;
  return { status: res.status, text: await res.text() } satisfies Answer;
}
async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const answer = await send(method, path, token, { body });
  const envelope = JSON.parse(answer.text) as { code: number; message: string; data: T };
  if (answer.status !== 200) throw new Error(`set-up ${method} ${path}: ${answer.status} ${envelope.message}`);
  return envelope.data;
}

// --- the actors -------------------------------------------------------------------------------------------------
interface Member {
  id: number;
  username: string;
  email: string;
  token: string;
}
const run = Date.now().toString(36).slice(-5);
async function register(name: string): Promise<Member> {
  const username = `${name}_${run}`;
  const email = `${name}${run}canary@example.com`;
  const token = await api<string>('POST', '/api/system/user/register', undefined, {
    username,
    email,
    password: md5('secret42'),
    birthday: '1990-01-01',
    gender: 1,
    country: 'Spain',
    countryId: 724,
  });
  const { id } = await api<{ id: number }>('GET', '/api/system/user/info', token);
  return { id, username, email, token };
}
async function signIn(member: Member): Promise<void> {
  member.token = await api<string>('POST', '/api/system/user/login', undefined, {
    keyword: member.username,
    password: md5('secret42'),
  });
}
async function makeStaff(member: Member, tags: readonly string[]): Promise<void> {
  await db.query('update users set staff_account = true where id = $1', [member.id]);
  for (const tag of tags) {
    await db.query('insert into user_permissions (user_id, permission) values ($1, $2)', [member.id, tag]);
  }
}

const owner = await register('owner');
const other = await register('other');
const peer = await register('peer'); // A's conversation partner; never an actor
const target = await register('target'); // what other actors act on: staff suspend it, members like and gift it
const staffAll = await register('staffall');
await makeStaff(staffAll, PERMISSIONS);
const lacking = new Map<Permission, Member>();
for (const tag of PERMISSIONS) {
  const m = await register(`no${tag.replace(/[^a-z]/g, '').slice(0, 10)}`);
  await makeStaff(
    m,
    PERMISSIONS.filter((t) => t !== tag),
  );
  lacking.set(tag, m);
}
const staffNone = await register('staffnone');
await makeStaff(staffNone, []);
// Sign in again: the permission rows were written straight, so no session owes a 498.
for (const m of [staffAll, staffNone, ...lacking.values()]) await signIn(m);

// --- A's things and secrets ---------------------------------------------------------------------------------------
const secretMsgOut = `canary-out-${randomUUID()}`;
const secretMsgIn = `canary-in-${randomUUID()}`;
const secretEndpoint = `https://push.example.com/canary-${randomUUID()}`;
const secretOrder = randomUUID();
async function insertMessage(senderId: number, toId: number, msg: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'insert into messages (client_id, sender_id, to_id, type, msg, lang) values ($1, $2, $3, 1, $4, $5) returning id',
    [randomUUID(), senderId, toId, msg, 'en'],
  );
  return Number(rows[0]!.id);
}
const ownerMsg = await insertMessage(owner.id, peer.id, secretMsgOut);
await insertMessage(peer.id, owner.id, secretMsgIn);
await db.query('insert into chat_unread (user_id, n) values ($1, 1) on conflict (user_id) do update set n = 1', [
  owner.id,
]);
await api('POST', '/api/push/subscription', owner.token, {
  endpoint: secretEndpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const ownerMoment = await api<{ id: number }>('POST', '/api/moment/add', owner.token, { text: 'my moment' });
await api('POST', '/api/user/like/add', owner.token, { userId: peer.id, like: true });
await api('POST', '/api/system/report/add', owner.token, { reportedId: peer.id, type: 1 });
const reportId = Number(
  (await db.query<{ id: string }>('select id from reports where reporter_id = $1', [owner.id])).rows[0]!.id,
);
const { payloadKey } = await api<{ payloadKey: string }>('GET', '/api/pay/config');
const characterSpec = (
  await api<{ id: number; num: number; amount: number }[]>('GET', '/api/system/character/spec/all')
)[0]!;
const CryptoJS = (await import('crypto-js')).default;
const encrypt = (body: Record<string, unknown>) => ({
  data: CryptoJS.AES.encrypt(JSON.stringify({ payInfo: {}, ...body }), payloadKey).toString(),
});
await api(
  'POST',
  '/api/buy/character',
  owner.token,
  encrypt({ id: characterSpec.id, orderId: secretOrder, goldPay: false, paypalStatus: 1 }),
);
// Gold for one gold payment of A's, granted with its ledger row; the payment is created now, completed by a case.
await db.query('update users set buy_gold = buy_gold + 100 where id = $1', [owner.id]);
await db.query(
  `insert into ledger (user_id, kind, delta, balance_after, reason, ref) select id, 'buy_gold', 100, buy_gold, 'proof grant', null from users where id = $1`,
  [owner.id],
);
const secretGoldOrder = randomUUID();
await api(
  'POST',
  '/api/buy/character',
  owner.token,
  encrypt({ id: characterSpec.id, orderId: secretGoldOrder, goldPay: true, paypalStatus: 1 }),
);
const sandboxOrder = await api<{ id: string }>('POST', '/api/pay/sandbox/orders', owner.token, {
  amount: 1,
  currency: 'USD',
});
const catalogue = await api<{
  specs: { id: number; num: number; amount: number }[];
  plans: { levelName: string; dayCharacters: number; monthVideos: number; showIdentity: boolean }[];
}>('GET', '/api/staff/catalogue', staffAll.token);
const spec0 = catalogue.specs[0]!;
const plan0 = catalogue.plans[0]!;
const secrets = [owner.email, secretMsgOut, secretMsgIn, secretEndpoint, secretOrder, secretGoldOrder];

/** A 1×1 PNG: a real image the upload routes accept. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const pngForm = () => {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  return form;
};
const uploaded = await (async () => {
  const res = await fetch(`${base}/h5-api/api/file/upload/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: pngForm(),
  });
  return ((await res.json()) as { data: string }).data;
})();

// --- digests ------------------------------------------------------------------------------------------------------
const tables = (
  await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  )
).rows.map((r) => r.table_name);
/** Every table, except what a signed-in request touches by design (a session's last use). */
async function digestAll(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of tables) {
    const rows =
      table === 'sessions'
        ? 'select token_hash, user_id, revoked, permissions_changed from sessions'
        : `select * from ${table}`;
    const { rows: r } = await db.query<{ d: string }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from (${rows}) t`,
    );
    out.set(table, r[0]!.d);
  }
  return out;
}
/** The rows member A owns or that tell A's state. */
const OWNED: [string, string][] = [
  ['users', 'id = $1'],
  ['sessions', 'user_id = $1'],
  ['ledger', 'user_id = $1'],
  ['memberships', 'user_id = $1'],
  ['user_permissions', 'user_id = $1'],
  ['messages', 'sender_id = $1 or to_id = $1'],
  ['blocks', 'blocker_id = $1'],
  ['chat_unread', 'user_id = $1'],
  ['likes', 'user_id = $1'],
  ['visits', 'visitor_id = $1'],
  ['reports', 'reporter_id = $1'],
  ['moments', 'user_id = $1'],
  ['uploads', 'user_id = $1'],
  ['orders', 'user_id = $1'],
  ['push_subscriptions', 'user_id = $1'],
];
async function digestOwned(): Promise<string> {
  const parts: string[] = [];
  for (const [table, where] of OWNED) {
    const columns = table === 'sessions' ? 'token_hash, user_id, revoked, permissions_changed' : '*';
    const { rows } = await db.query<{ d: string }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from (select ${columns} from ${table} where ${where}) t`,
      [owner.id],
    );
    parts.push(`${table}:${rows[0]!.d}`);
  }
  return parts.join(' ');
}
const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...before].filter(([t, d]) => after.get(t) !== d).map(([t]) => t);

// --- the cases ----------------------------------------------------------------------------------------------------
const member: Policy = { kind: 'member' };
const pub: Policy = { kind: 'public' };
const own: Policy = { kind: 'owner' };
const staff = (tag: Permission): Policy => ({ kind: 'staff', tag });
const validKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const cases: Case[] = [
  { route: 'GET /h5-api/health', path: '/health', policy: pub },
  {
    route: 'POST /h5-api/api/system/user/register',
    path: '/api/system/user/register',
    body: { username: 'x', email: 'bad', password: md5('x') },
    policy: pub,
  },
  {
    route: 'POST /h5-api/api/system/user/login',
    path: '/api/system/user/login',
    body: { keyword: owner.username, password: md5('wrong-password') },
    policy: pub,
  },
  { route: 'POST /h5-api/api/system/user/logout', path: '/api/system/user/logout', policy: member, endsSession: true },
  {
    route: 'POST /h5-api/api/system/user/code',
    path: '/api/system/user/code',
    body: { email: 'nobody@example.com' },
    policy: pub,
  },
  {
    route: 'POST /h5-api/api/system/user/reset',
    path: '/api/system/user/reset',
    body: { email: owner.email, code: '000000', password: md5('taken-over') },
    policy: pub,
  },
  {
    route: 'POST /h5-api/api/system/user/email/code',
    path: '/api/system/user/email/code',
    body: { email: `new${run}@example.com`, password: md5('wrong-password') },
    policy: member,
  },
  {
    route: 'PUT /h5-api/api/system/user/email',
    path: '/api/system/user/email',
    body: { email: `new${run}@example.com`, code: '000000' },
    policy: member,
  },
  {
    route: 'PUT /h5-api/api/system/user/password',
    path: '/api/system/user/password',
    body: { oldPassword: md5('secret42'), newPassword: md5('secret42') },
    policy: member,
    endsSession: true,
  },
  { route: 'GET /h5-api/api/system/user/info', path: '/api/system/user/info', policy: member },
  {
    route: 'PUT /h5-api/api/system/user/update',
    path: '/api/system/user/update',
    body: { sign: 'hello' },
    policy: member,
  },
  { route: 'GET /h5-api/api/system/user/base/:userId', path: `/api/system/user/base/${owner.id}`, policy: member },
  { route: 'GET /h5-api/api/chat/content/unread', path: '/api/chat/content/unread', policy: member },
  { route: 'GET /h5-api/api/chat/conversations', path: '/api/chat/conversations', policy: member },
  // Each member reads only their own conversation with the peer; A's holds the secrets.
  { route: 'GET /h5-api/api/chat/history/:peerId', path: `/api/chat/history/${peer.id}`, policy: member },
  { route: 'GET /h5-api/api/chat/history/:peerId', path: `/api/chat/history/${owner.id}`, policy: member },
  { route: 'GET /h5-api/api/user/block/list', path: '/api/user/block/list', policy: member },
  { route: 'GET /h5-api/api/user/like/user/:userId', path: `/api/user/like/user/${owner.id}`, policy: member },
  {
    route: 'POST /h5-api/api/user/like/add',
    path: '/api/user/like/add',
    body: { userId: target.id, like: true },
    policy: member,
  },
  { route: 'GET /h5-api/api/user/like/me', path: '/api/user/like/me', policy: member },
  { route: 'GET /h5-api/api/user/like/mine', path: '/api/user/like/mine', policy: member },
  {
    route: 'POST /h5-api/api/user/visitor/add',
    path: '/api/user/visitor/add',
    body: { userId: target.id },
    policy: member,
  },
  { route: 'GET /h5-api/api/user/visitor/list', path: '/api/user/visitor/list', policy: member },
  {
    route: 'POST /h5-api/api/system/report/add',
    path: '/api/system/report/add',
    body: { reportedId: target.id, type: 2 },
    policy: member,
  },
  { route: 'GET /h5-api/api/system/user/search', path: `/api/system/user/search?keyword=owner_${run}`, policy: member },
  { route: 'GET /h5-api/api/system/user/meet', path: '/api/system/user/meet', policy: member },
  {
    route: 'GET /h5-api/api/chat/trans/preview',
    path: `/api/chat/trans/preview?msgId=${ownerMsg}&lang=es-es`,
    policy: own,
  },
  {
    route: 'GET /h5-api/api/chat/trans/preview',
    path: '/api/chat/trans/preview?text=hello&lang=es-es&from=en-us',
    policy: member,
  },
  {
    route: 'POST /h5-api/api/chat/trans',
    path: '/api/chat/trans',
    body: { msgId: ownerMsg, lang: 'es-es' },
    policy: own,
  },
  {
    route: 'POST /h5-api/api/chat/trans/text',
    path: '/api/chat/trans/text',
    body: { text: 'hello', lang: 'es-es', from: 'en-us' },
    policy: member,
  },
  { route: 'GET /h5-api/api/moment/square', path: '/api/moment/square', policy: member },
  { route: 'GET /h5-api/api/moment/user/:userId', path: `/api/moment/user/${owner.id}`, policy: member },
  { route: 'POST /h5-api/api/moment/add', path: '/api/moment/add', body: { text: 'a moment' }, policy: member },
  { route: 'DELETE /h5-api/api/moment/:id', path: `/api/moment/${ownerMoment.id}`, policy: own },
  { route: 'GET /h5-api/api/system/character/spec/all', path: '/api/system/character/spec/all', policy: pub },
  { route: 'GET /h5-api/api/system/gold/spec/all', path: '/api/system/gold/spec/all', policy: pub },
  { route: 'GET /h5-api/api/system/member/config', path: '/api/system/member/config', policy: pub },
  { route: 'GET /h5-api/api/pay/config', path: '/api/pay/config', policy: pub },
  {
    route: 'POST /h5-api/api/buy/:type',
    path: '/api/buy/character',
    body: encrypt({ id: characterSpec.id, orderId: randomUUID(), goldPay: false, paypalStatus: 1 }),
    policy: member,
  },
  // Paying the owner's order as someone else: the order id is the owner's, so nobody else may move it.
  {
    route: 'POST /h5-api/api/buy/:type',
    path: '/api/buy/character',
    body: encrypt({ id: characterSpec.id, orderId: secretOrder, goldPay: false, paypalStatus: 3 }),
    policy: own,
  },
  // Completing the owner's gold payment as someone else: only the owner's gold may pay it.
  {
    route: 'POST /h5-api/api/buy/:type',
    path: '/api/buy/character',
    body: encrypt({ id: characterSpec.id, orderId: secretGoldOrder, goldPay: true, paypalStatus: 4 }),
    policy: own,
  },
  {
    route: 'POST /h5-api/api/buy/:type/:targetId',
    path: `/api/buy/character/${target.id}`,
    body: encrypt({ id: characterSpec.id, orderId: randomUUID(), goldPay: false, paypalStatus: 1, blessing: 'hi' }),
    policy: member,
  },
  // An unsigned webhook changes nothing for anybody.
  {
    route: 'POST /h5-api/api/pay/paypal/webhook',
    path: '/api/pay/paypal/webhook',
    body: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { custom_id: secretOrder } },
    policy: { kind: 'nobody' },
  },
  {
    route: 'POST /h5-api/api/pay/sandbox/orders',
    path: '/api/pay/sandbox/orders',
    body: { amount: 1, currency: 'USD' },
    policy: member,
  },
  // The sandbox is PayPal's stand-in: like PayPal, an order id is the capability to read, approve and capture it.
  {
    route: 'GET /h5-api/api/pay/sandbox/orders/:id',
    path: `/api/pay/sandbox/orders/${sandboxOrder.id}`,
    policy: member,
  },
  {
    route: 'POST /h5-api/api/pay/sandbox/orders/:id/approve',
    path: `/api/pay/sandbox/orders/${sandboxOrder.id}/approve`,
    body: { cardNumber: '4000 0000 0000 0002' },
    policy: member,
  },
  {
    route: 'POST /h5-api/api/pay/sandbox/orders/:id/capture',
    path: '/api/pay/sandbox/orders/NOSUCHORDER/capture',
    policy: member,
  },
  { route: 'GET /h5-api/api/push/key', path: '/api/push/key', policy: pub },
  {
    route: 'POST /h5-api/api/push/subscription',
    path: '/api/push/subscription',
    body: { endpoint: `https://push.example.com/${randomUUID()}`, keys: validKeys },
    policy: member,
  },
  // The service worker's renewal holds no token: knowing the old endpoint (a secret of A's browser) is the right.
  {
    route: 'PUT /h5-api/api/push/subscription',
    path: '/api/push/subscription',
    body: {
      oldEndpoint: `https://push.example.com/${randomUUID()}`,
      endpoint: `https://push.example.com/${randomUUID()}`,
      keys: validKeys,
    },
    policy: pub,
  },
  // Someone else naming A's endpoint removes nothing of A's (the owner's own call, last, removes it).
  {
    route: 'DELETE /h5-api/api/push/subscription',
    path: '/api/push/subscription',
    body: { endpoint: secretEndpoint },
    policy: member,
  },
  { route: 'GET /h5-api/api/staff/reports', path: '/api/staff/reports', policy: staff('report:read') },
  {
    route: 'POST /h5-api/api/staff/reports/:id/resolve',
    path: `/api/staff/reports/${reportId}/resolve`,
    body: { action: 'dismiss', note: 'proof' },
    policy: staff('report:resolve'),
  },
  {
    route: 'GET /h5-api/api/staff/members/:id/activity',
    path: `/api/staff/members/${owner.id}/activity`,
    policy: staff('report:read'),
  },
  {
    route: 'GET /h5-api/api/staff/members',
    path: `/api/staff/members?keyword=owner_${run}`,
    policy: staff('member:read'),
  },
  { route: 'GET /h5-api/api/staff/members/:id', path: `/api/staff/members/${owner.id}`, policy: staff('member:read') },
  {
    route: 'POST /h5-api/api/staff/members/:id/suspend',
    path: `/api/staff/members/${target.id}/suspend`,
    body: { days: 1, note: 'proof' },
    policy: staff('member:suspend'),
  },
  {
    route: 'POST /h5-api/api/staff/members/:id/restore',
    path: `/api/staff/members/${target.id}/restore`,
    policy: staff('member:suspend'),
  },
  {
    route: 'POST /h5-api/api/staff/members/:id/grant',
    path: `/api/staff/members/${target.id}/grant`,
    body: { kind: 'character', amount: 10, reason: 'proof' },
    policy: staff('balance:grant'),
  },
  {
    route: 'PUT /h5-api/api/staff/members/:id/permissions',
    path: `/api/staff/members/${target.id}/permissions`,
    body: { permissions: ['report:read'] },
    policy: staff('staff:admin'),
  },
  { route: 'GET /h5-api/api/staff/audit', path: '/api/staff/audit', policy: staff('audit:read') },
  { route: 'GET /h5-api/api/staff/catalogue', path: '/api/staff/catalogue', policy: staff('catalog:edit') },
  {
    route: 'PUT /h5-api/api/staff/catalogue/packages/:id',
    path: `/api/staff/catalogue/packages/${spec0.id}`,
    body: { num: spec0.num, amount: spec0.amount },
    policy: staff('catalog:edit'),
  },
  {
    route: 'PUT /h5-api/api/staff/catalogue/plans/:level',
    path: `/api/staff/catalogue/plans/${encodeURIComponent(plan0.levelName)}`,
    body: { dayCharacters: plan0.dayCharacters, monthVideos: plan0.monthVideos, showIdentity: plan0.showIdentity },
    policy: staff('catalog:edit'),
  },
  { route: 'POST /h5-api/api/file/upload', path: '/api/file/upload', form: pngForm, policy: member },
  { route: 'POST /h5-api/api/file/upload/video', path: '/api/file/upload/video', form: pngForm, policy: member },
  { route: 'POST /h5-api/api/file/upload/voice', path: '/api/file/upload/voice', form: pngForm, policy: member },
  { route: 'POST /h5-api/api/file/upload/:type', path: '/api/file/upload/media', form: pngForm, policy: member },
  { route: 'GET /h5-api/api/file/cos/sign', path: '/api/file/cos/sign?type=media', policy: member },
  // The COS form: its signature is the right, so a form without one is refused for everybody.
  {
    route: 'POST /uploads',
    path: '/uploads',
    form: () => {
      const form = new FormData();
      form.append('key', 'media/forged.png');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
      return form;
    },
    policy: { kind: 'nobody' },
  },
  // Uploaded files are public by address (a content hash nobody can guess before it is shared).
  { route: 'GET /uploads/*', path: uploaded, policy: pub },
];

// --- running ------------------------------------------------------------------------------------------------------
interface Actor {
  name: ActorName;
  member?: Member;
  token?: () => string | undefined;
}
const actorsFor = (c: Case): Actor[] => {
  const staffLacking = c.policy.kind === 'staff' ? lacking.get(c.policy.tag)! : staffNone;
  return [
    { name: 'anonymous', token: () => undefined },
    { name: 'made-up token', token: () => 'x'.repeat(43) },
    { name: 'another member', member: other },
    { name: 'staff without the tag', member: staffLacking },
    { name: 'staff', member: staffAll },
    { name: 'owner', member: owner },
  ];
};
function allowed(c: Case, actor: ActorName): boolean {
  switch (c.policy.kind) {
    case 'public':
      return true;
    case 'member':
      return actor !== 'anonymous' && actor !== 'made-up token';
    case 'owner':
      return actor === 'owner';
    case 'staff':
      return actor === 'staff';
    case 'nobody':
      return false;
  }
}
/** Answers in which A's secrets may appear: A's own, and staff reading members with the tag for it. */
const mayHoldSecrets = (c: Case, actor: ActorName) =>
  actor === 'owner' || (c.policy.kind === 'staff' && actor === 'staff');

const methodOf = (route: string) => route.slice(0, route.indexOf(' '));
/** Per actor and verdict, the statuses answered (printed at the end). */
const statuses = new Map<string, number[]>();
for (const c of cases) {
  const method = methodOf(c.route);
  for (const actor of actorsFor(c)) {
    const token = actor.member ? actor.member.token : actor.token!();
    const isAllowed = allowed(c, actor.name);
    const before = isAllowed ? undefined : await digestAll();
    // Staff with the tag act on members by design (resolving A's report, reading A's activity).
    const ownedBefore = mayHoldSecrets(c, actor.name) ? undefined : await digestOwned();
    const answer = await send(method, c.path, token, c);
    const where = `${c.route} (${c.path.slice(0, 60)}) as ${actor.name}: ${answer.status}`;
    const tally = `${actor.name} ${isAllowed ? 'allowed' : 'refused'}`;
    statuses.set(tally, [...(statuses.get(tally) ?? []), answer.status]);
    if (!mayHoldSecrets(c, actor.name)) {
      for (const s of secrets) if (answer.text.includes(s)) leak(`${where} answered one of A's secrets`);
    }
    if (!isAllowed) {
      const expected = actor.member ? [400, 403, 404, 409, 422] : [401];
      if (answer.status < 400) leak(`${where} was refused to nobody`);
      else if (!expected.includes(answer.status) && c.policy.kind !== 'nobody') {
        leak(`${where}, expected ${expected.join(' or ')}: ${answer.text.slice(0, 120)}`);
      }
      const moved = changed(before!, await digestAll());
      if (moved.length > 0) leak(`${where} was refused but changed ${moved.join(', ')}`);
    } else if ((c.policy.kind !== 'member' && c.policy.kind !== 'public') || actor.name === 'owner') {
      // What the case allows must really work for the one it allows, or the refusals prove nothing.
      if (c.policy.kind !== 'public' && c.policy.kind !== 'member' && (answer.status < 200 || answer.status > 299)) {
        unexercised.push(`${where}: ${answer.text.slice(0, 160)}`);
      }
    }
    if (ownedBefore !== undefined && (await digestOwned()) !== ownedBefore) {
      leak(`${where} changed a row member A owns`);
    }
    if (c.endsSession && actor.member && answer.status === 200) await signIn(actor.member);
    if (c.route === 'POST /h5-api/api/staff/members/:id/suspend' && answer.status === 200) {
      await api('POST', `/api/staff/members/${target.id}/restore`, staffAll.token);
    }
  }
}

// Every registered route has a case.
const covered = new Set(cases.map((c) => c.route));
covered.add('GET /ws/:token');
const uncovered = registered.filter((r) => !covered.has(r) && !r.startsWith('GET /*'));
for (const r of uncovered) leak(`${r} has no case: say who may call it in tests/proof/authz.ts`);

// --- the socket -----------------------------------------------------------------------------------------------------
interface Frame {
  action?: string;
  code?: number;
  message?: string;
  data?: unknown;
}
interface Socket {
  actor: ActorName;
  member: Member;
  frames: Frame[];
  ws: WebSocket;
}
const wsBase = base.replace('http', 'ws');
function openSocket(
  token: string,
): Promise<{ ws: WebSocket; frames: Frame[]; opened: boolean; closed: Promise<number> }> {
  const ws = new WebSocket(`${wsBase}/ws/${token}`, { origin: config.publicOrigin });
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, frames, opened: true, closed }));
    ws.once('close', () => resolve({ ws, frames, opened: false, closed }));
  });
}

let socketActions = 0;
// Anonymous and made-up tokens: the socket is refused or closed at once, with no data on it.
for (const [name, token] of [
  ['anonymous', ''],
  ['made-up token', 'x'.repeat(43)],
] as const) {
  const s = await openSocket(token);
  if (s.opened) {
    s.ws.send(JSON.stringify({ action: 'unreadAll', data: {} }));
    const code = await Promise.race([s.closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    if (code === -1) leak(`socket as ${name} stayed open`);
    s.ws.terminate();
  }
  for (const f of s.frames)
    if (f.code === 200) leak(`socket as ${name} got a 200 frame: ${JSON.stringify(f).slice(0, 120)}`);
  socketActions += 1;
}

const sockets: Socket[] = [];
for (const [actor, m] of [
  ['owner', owner],
  ['another member', other],
  ['staff without the tag', staffNone],
  ['staff', staffAll],
] as const) {
  const s = await openSocket(m.token);
  if (!s.opened) throw new Error(`the socket of ${actor} did not open`);
  sockets.push({ actor, member: m, frames: s.frames, ws: s.ws });
}

/** Sends one frame and waits for the answer naming its action (or the pong). */
async function frame(s: Socket, action: string, data: unknown, answerAction = action): Promise<Frame | undefined> {
  const from = s.frames.length;
  s.ws.send(JSON.stringify({ action, data }));
  socketActions += 1;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = s.frames
      .slice(from)
      .find((f) => f.action === answerAction || (f.code !== 200 && f.action === action));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

for (const s of sockets) {
  const isOwner = s.actor === 'owner';
  const ownedBefore = await digestOwned();
  // The owner's message, translated or previewed: only by someone of its conversation.
  for (const action of ['trans', 'transPreview']) {
    const answer = await frame(s, action, { msgId: ownerMsg, lang: 'es-es' });
    const where = `socket ${action} of A's message as ${s.actor}: ${answer?.code ?? 'no answer'}`;
    if (isOwner && answer?.code !== 200) unexercised.push(`${where} ${answer?.message}`);
    if (!isOwner && (answer === undefined || answer.code === 200)) leak(where);
  }
  // Reading, blocking, messaging, drafts: one's own only.
  await frame(s, 'read', { senderId: peer.id }, 'unreadAll');
  await frame(s, 'block', { receiverId: target.id, block: true });
  await frame(s, 'block', { receiverId: target.id, block: false });
  await frame(s, 'transText', { text: 'hello', lang: 'es-es', from: 'en-us' });
  await frame(s, 'unreadAll', {});
  await frame(s, 'ping', {}, 'pong');
  const clientId = randomUUID();
  // A forged sender is ignored: the message is the socket member's.
  s.ws.send(
    JSON.stringify({
      action: 'chart',
      data: { toId: target.id, type: 1, msg: 'hi', lang: 'en', clientId, senderId: owner.id, fromId: owner.id },
    }),
  );
  socketActions += 1;
  const deadline = Date.now() + 10_000;
  let stored: { sender_id: number } | undefined;
  while (!stored && Date.now() < deadline) {
    stored = (await db.query<{ sender_id: number }>('select sender_id from messages where client_id = $1', [clientId]))
      .rows[0];
    if (!stored) await new Promise((r) => setTimeout(r, 50));
  }
  if (!stored) unexercised.push(`socket chart as ${s.actor}: not stored`);
  else if (stored.sender_id !== s.member.id)
    leak(`socket chart as ${s.actor} was stored as member ${stored.sender_id}`);
  if (!isOwner && (await digestOwned()) !== ownedBefore)
    leak(`socket actions as ${s.actor} changed a row member A owns`);
}
// Give fan-out a moment, then look at everything the other sockets heard.
await new Promise((r) => setTimeout(r, 500));
for (const s of sockets) {
  if (s.actor === 'owner') continue;
  for (const f of s.frames) {
    const text = JSON.stringify(f);
    for (const secret of secrets)
      if (text.includes(secret)) leak(`socket of ${s.actor} heard one of A's secrets: ${text.slice(0, 120)}`);
    if (f.action === 'chart' && typeof f.data === 'object' && f.data !== null) {
      const m = f.data as { senderId?: number; toId?: number };
      if (m.senderId !== s.member.id && m.toId !== s.member.id)
        leak(`socket of ${s.actor} heard a message between others`);
    }
  }
  s.ws.close();
}
sockets[0]!.ws.close();

await db.end();
await app.close();
await translator.close();
postgres.stop();
clearTimeout(watchdog);

const seconds = (Date.now() - started) / 1000;
const routes = new Set(cases.map((c) => c.route)).size + 1;
console.log(`proof:authz: ${routes} routes (${cases.length} cases) and ${socketActions} socket actions × 6 actors`);
console.log(
  `${calls} HTTP calls in ${seconds.toFixed(1)} s; load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const [tally, list] of [...statuses].sort()) {
  const counts = new Map<number, number>();
  for (const status of list) counts.set(status, (counts.get(status) ?? 0) + 1);
  const shown = [...counts].sort((x, y) => x[0] - y[0]).map(([status, n]) => `${status}×${n}`);
  console.log(`  ${tally.padEnd(32)} ${shown.join(' ')}`);
}
for (const line of unexercised.slice(0, 20)) console.log(`  NOT EXERCISED ${line}`);
console.log(`leaks: ${leaks.length}; cases the allowed actor could not do: ${unexercised.length}`);
const ok = leaks.length === 0 && unexercised.length === 0;
console.log(ok ? 'proof:authz passed (0 leaks)' : 'proof:authz FAILED');
process.exit(ok ? 0 : 1);
