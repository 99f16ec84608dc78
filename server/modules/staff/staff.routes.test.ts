/**
 * Issue 13: every staff route answers only a signed-in staff account holding its tag (401 anonymous, 403 a member
 * or staff without the tag, nothing changed), and what the allowed calls do: the queue, resolving, suspending and
 * restoring, grants with ledger and audit rows in the same transaction, catalogue edits and the 498 of changed
 * permissions.
 */
import { describe, expect, it } from 'vitest';
import type { Moment, MomentPage } from '#protocol/moment.ts';
import type { PageOf } from '#protocol/social.ts';
import {
  CATALOGUE_MAX,
  type Permission,
  type StaffCatalogue,
  type StaffMember,
  type StaffMemberDetail,
  type StaffReport,
} from '#protocol/staff.ts';
import type { BaseUser, UserInfo } from '#protocol/user.ts';
import { appOnClock, login, md5 } from '../../test-helper.ts';
import { data, get, ids, member, post } from '../social/social.test-kit.ts';
import { noticeText } from './staff.notices.ts';
import { NO_PERMISSION, NOT_STAFF_ADMIN, NOT_YOURSELF } from './staff.rules.ts';
import { send, staff } from './staff.test-kit.ts';

const t = appOnClock('2026-05-04T10:00:00Z');
// Members register without a language; the reporters below write Spanish.
const spanish = { language: 'es-es' };

const auditCount = async () =>
  Number(
    (
      await t.app.amity.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('authorization table', () => {
  it('every staff route: anonymous 401, member 403, staff without the tag 403, staff with it 200; nothing changes', async () => {
    const target = await member(t.app);
    const reporter = await member(t.app);
    data(await post(t.app, reporter, '/api/system/report/add', { reportedId: target.id, type: 2 }));
    const reportId = (
      await t.app.amity.db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', reporter.id)
        .executeTakeFirstOrThrow()
    ).id;
    const specId = (await t.app.amity.db.selectFrom('catalogue_specs').select('id').executeTakeFirstOrThrow()).id;
    const plan = (await t.app.amity.db.selectFrom('member_configs').selectAll().executeTakeFirstOrThrow()).level_name;
    const routes: [Permission, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['report:read', 'GET', '/api/staff/reports'],
      ['report:read', 'GET', `/api/staff/members/${target.id}/activity`],
      ['report:resolve', 'POST', `/api/staff/reports/${reportId}/resolve`, { action: 'dismiss', note: 'ok' }],
      ['member:read', 'GET', '/api/staff/members?keyword=member'],
      ['member:read', 'GET', `/api/staff/members/${target.id}`],
      ['member:suspend', 'POST', `/api/staff/members/${target.id}/suspend`, { days: 1, note: 'spam' }],
      ['member:suspend', 'POST', `/api/staff/members/${target.id}/restore`],
      ['balance:grant', 'POST', `/api/staff/members/${target.id}/grant`, { kind: 'gold', amount: 1.5, reason: 'x' }],
      ['staff:admin', 'PUT', `/api/staff/members/${reporter.id}/permissions`, { permissions: [] }],
      ['audit:read', 'GET', '/api/staff/audit'],
      ['catalog:edit', 'GET', '/api/staff/catalogue'],
      ['catalog:edit', 'PUT', `/api/staff/catalogue/packages/${specId}`, { num: 10, amount: 9.99 }],
      [
        'catalog:edit',
        'PUT',
        `/api/staff/catalogue/plans/${encodeURIComponent(plan)}`,
        { dayCharacters: 3000, monthVideos: 10, showIdentity: false },
      ],
    ];
    const plain = await member(t.app);
    for (const [tag, method, url, body] of routes) {
      const others = (['report:read', 'audit:read', 'catalog:edit', 'member:read'] as Permission[]).filter(
        (p) => p !== tag,
      );
      const without = await staff(t.app, others);
      const audits = await auditCount();
      const anonymous = await send(t.app, null, method, url, body);
      expect(anonymous.status, `${url} anonymous`).toBe(401);
      const asMember = await send(t.app, plain, method, url, body);
      expect(asMember.body, `${url} member`).toEqual({ code: 403, message: NO_PERMISSION, data: null });
      const asOther = await send(t.app, without, method, url, body);
      expect(asOther.body, `${url} staff without ${tag}`).toEqual({ code: 403, message: NO_PERMISSION, data: null });
      expect(await auditCount(), url).toBe(audits);
      const allowed = await staff(t.app, [tag]);
      const res = await send(t.app, allowed, method, url, body);
      expect(res.body.code, `${url} staff with ${tag}: ${res.body.message}`).toBe(200);
      if (method !== 'GET') expect(await auditCount(), url).toBe(audits + 1);
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const boss = await staff(t.app, [
      'member:suspend',
      'balance:grant',
      'report:read',
      'report:resolve',
      'member:read',
    ]);
    const m = await member(t.app);
    const bad = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
      (await send(t.app, boss, method, url, body)).body;
    expect(await bad('GET', '/api/staff/reports?size=7')).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^size/),
    });
    expect(await bad('GET', '/api/staff/reports?status=maybe')).toMatchObject({
      code: 400,
      message: 'status must be open or resolved',
    });
    expect(await bad('POST', `/api/staff/members/${m.id}/suspend`, { days: 3 })).toMatchObject({
      code: 400,
      message: 'days must be 1, 7 or 0 (permanent)',
    });
    for (const [amount, message] of [
      [-1, 'amount must be above 0'],
      [0, 'amount must be above 0'],
      [1.234, 'amount must have at most 2 decimals'],
      [10_001, 'amount must be at most 10000'],
    ] as const) {
      expect(
        await bad('POST', `/api/staff/members/${m.id}/grant`, { kind: 'gold', amount, reason: 'r' }),
      ).toMatchObject({
        code: 400,
        message,
      });
    }
    expect(
      await bad('POST', `/api/staff/members/${m.id}/grant`, { kind: 'character', amount: 1.5, reason: 'r' }),
    ).toMatchObject({ code: 400, message: 'amount must be a whole number' });
    expect(
      await bad('POST', `/api/staff/members/${m.id}/grant`, { kind: 'gold', amount: 1, reason: ' ' }),
    ).toMatchObject({
      code: 400,
      message: 'reason is required',
    });
    expect(await bad('POST', '/api/staff/members/999999/suspend', { days: 1 })).toMatchObject({ code: 404 });
    expect(await bad('POST', '/api/staff/reports/abc/resolve', { action: 'dismiss' })).toMatchObject({ code: 400 });
    expect(await bad('POST', '/api/staff/reports/99999999/resolve', { action: 'dismiss' })).toMatchObject({
      code: 404,
    });
    expect(await bad('POST', '/api/staff/reports/1/resolve', { action: 'ban' })).toMatchObject({
      code: 400,
      message: 'action must be dismiss, warn or suspend',
    });
  });
});

describe('grants', () => {
  it('adds gold and characters with a ledger row, an audit row and a type 7 note; answers the member', async () => {
    const granter = await staff(t.app, ['balance:grant', 'audit:read']);
    const m = await member(t.app);
    const info = data<UserInfo>(
      await send(t.app, granter, 'POST', `/api/staff/members/${m.id}/grant`, {
        kind: 'gold',
        amount: 12.34,
        reason: 'refund',
      }),
    );
    expect(info).toMatchObject({ id: m.id, giveGoldCount: 12.34 });
    const again = data<UserInfo>(
      await send(t.app, granter, 'POST', `/api/staff/members/${m.id}/grant`, {
        kind: 'character',
        amount: 5000,
        reason: 'apology',
      }),
    );
    expect(again.giveCharacterCount).toBe(5000);
    const ledger = await t.app.amity.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('kind', 'in', ['give_gold', 'give_character'])
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.kind, Number(l.delta), Number(l.balance_after), l.reason])).toEqual([
      ['give_gold', 12.34, 12.34, 'staff grant: refund'],
      ['give_character', 5000, 5000, 'staff grant: apology'],
    ]);
    const auditPage = data<
      PageOf<{ action: string; before: unknown; after: unknown; staff: { id: number }; note: string }>
    >(await send(t.app, granter, 'GET', '/api/staff/audit?size=5'));
    expect(auditPage.list[0]).toMatchObject({
      action: 'balance.grant.character',
      staff: { id: granter.id },
      before: { giveCharacterCount: 0 },
      after: { giveCharacterCount: 5000 },
      note: 'apology',
    });
    const notes = await t.app.amity.db
      .selectFrom('messages')
      .selectAll()
      .where('to_id', '=', m.id)
      .where('type', '=', 7)
      .execute();
    expect(notes).toHaveLength(2);
  });
});

describe('reports and suspension', () => {
  it('queue → suspend 1 day: sessions revoked, sign-in 403 with the end, hidden from lists, reporters told; restore undoes it', async () => {
    const mod = await staff(t.app, ['report:read', 'report:resolve', 'member:suspend', 'member:read']);
    const bad = await member(t.app);
    const r1 = await member(t.app, spanish);
    const r2 = await member(t.app, spanish);
    const onlooker = await member(t.app);
    data(await post(t.app, r1, '/api/system/report/add', { reportedId: bad.id, type: 3 }));
    data(await post(t.app, r2, '/api/system/report/add', { reportedId: bad.id, type: 1 }));
    const moment = data<Moment>(await post(t.app, bad, '/api/moment/add', { text: 'Cheap gold, message me' }));
    const squareIds = async () =>
      data<MomentPage>(await get(t.app, onlooker, '/api/moment/square?size=50')).list.map((m) => m.id);
    expect(await squareIds()).toContain(moment.id);
    const queue = data<PageOf<StaffReport>>(await send(t.app, mod, 'GET', '/api/staff/reports?status=open&size=50'));
    const mine = queue.list.filter((r) => r.reported.id === bad.id);
    expect(mine.map((r) => [r.reporter.id, r.count, r.status])).toEqual([
      [r2.id, 2, 'open'],
      [r1.id, 2, 'open'],
    ]);
    const resolved = data<StaffReport>(
      await send(t.app, mod, 'POST', `/api/staff/reports/${mine[0]!.id}/resolve`, {
        action: 'suspend',
        days: 1,
        note: 'spam',
      }),
    );
    expect(resolved).toMatchObject({ status: 'resolved', action: 'suspend', note: 'spam', resolvedBy: { id: mod.id } });
    // Both open reports on the member are settled; both reporters get the notice, which does not name the outcome.
    const open = data<PageOf<StaffReport>>(await send(t.app, mod, 'GET', '/api/staff/reports?status=open&size=50'));
    expect(open.list.filter((r) => r.reported.id === bad.id)).toEqual([]);
    for (const r of [r1, r2]) {
      const notices = await t.app.amity.db.selectFrom('messages').selectAll().where('to_id', '=', r.id).execute();
      expect(notices.map((n) => [n.sender_id, n.type, n.msg, n.lang])).toEqual([
        [mod.id, 1, noticeText('reportActioned', 'es-es').msg, 'es-es'],
      ]);
    }
    // The token is dead; sign-in says until when.
    expect((await get(t.app, bad, '/api/system/user/info')).status).toBe(401);
    const signIn = await login(t.app, bad.username, md5('secret123'));
    expect(signIn.body).toEqual({
      code: 403,
      message: 'Your account is suspended until 2026-05-05T10:00:00.000Z',
      data: null,
    });
    // Whatever they send is refused (the token is dead; staff.socket.test.ts shows the socket side), and they are
    // gone from the square, meet, search and the member lists.
    expect((await post(t.app, bad, '/api/moment/add', { text: 'again' })).status).toBe(401);
    expect(await squareIds()).not.toContain(moment.id);
    const meet = data<PageOf<BaseUser>>(await get(t.app, onlooker, '/api/system/user/meet?size=50'));
    expect(ids(meet)).not.toContain(bad.id);
    expect(ids(data(await get(t.app, onlooker, `/api/system/user/search?keyword=${bad.username}`)))).toEqual([]);
    const found = data<PageOf<StaffMember>>(
      await send(t.app, mod, 'GET', `/api/staff/members?keyword=${bad.username}`),
    );
    expect(found.list[0]).toMatchObject({ id: bad.id, suspendedUntil: '2026-05-05T10:00:00.000Z' });

    data(await send(t.app, mod, 'POST', `/api/staff/members/${bad.id}/restore`));
    const back = await login(t.app, bad.username, md5('secret123'));
    expect(back.status).toBe(200);
    expect(ids(data(await get(t.app, onlooker, `/api/system/user/search?keyword=${bad.username}`)))).toEqual([bad.id]);
    expect(await squareIds()).toContain(moment.id);
    const detail = data<StaffMemberDetail>(await send(t.app, mod, 'GET', `/api/staff/members/${bad.id}`));
    expect(detail.member.suspendedUntil).toBeNull();
    expect(detail.reports.map((r) => r.action)).toEqual(['suspend', 'suspend']);
  });

  it('a suspension runs out: sign-in works again after the end', async () => {
    const mod = await staff(t.app, ['member:suspend']);
    const m = await member(t.app);
    data(await send(t.app, mod, 'POST', `/api/staff/members/${m.id}/suspend`, { days: 7 }));
    const start = t.now;
    t.now = new Date(start.getTime() + 7 * 86_400_000 - 1000);
    expect((await login(t.app, m.username, md5('secret123'))).status).toBe(403);
    t.now = new Date(start.getTime() + 7 * 86_400_000 + 1000);
    expect((await login(t.app, m.username, md5('secret123'))).status).toBe(200);
    t.now = start;
  });

  it('permanent suspension, warn notices, dismiss settles one report; nobody suspends themselves or staff without staff:admin', async () => {
    const mod = await staff(t.app, ['report:resolve', 'member:suspend']);
    const other = await staff(t.app, ['report:read']);
    const m = await member(t.app);
    const r = await member(t.app);
    data(await post(t.app, r, '/api/system/report/add', { reportedId: m.id, type: 4 }));
    const id = (
      await t.app.amity.db.selectFrom('reports').select('id').where('reporter_id', '=', r.id).executeTakeFirstOrThrow()
    ).id;
    data(await send(t.app, mod, 'POST', `/api/staff/reports/${id}/resolve`, { action: 'warn' }));
    const warned = await t.app.amity.db.selectFrom('messages').selectAll().where('to_id', '=', m.id).execute();
    expect(warned.map((w) => [w.sender_id, w.msg, w.lang])).toEqual([[mod.id, noticeText('warning', '').msg, 'en-us']]);
    expect(
      (await send(t.app, mod, 'POST', `/api/staff/reports/${id}/resolve`, { action: 'dismiss' })).body,
    ).toMatchObject({
      code: 400,
      message: 'This report is already resolved',
    });
    expect((await send(t.app, mod, 'POST', `/api/staff/members/${mod.id}/suspend`, { days: 1 })).body).toMatchObject({
      code: 400,
      message: NOT_YOURSELF,
    });
    expect((await send(t.app, mod, 'POST', `/api/staff/members/${other.id}/suspend`, { days: 1 })).body).toMatchObject({
      code: 403,
      message: NOT_STAFF_ADMIN,
    });
    data(await send(t.app, mod, 'POST', `/api/staff/members/${m.id}/suspend`, { days: 0 }));
    expect((await login(t.app, m.username, md5('secret123'))).body.message).toBe(
      'Your account is suspended permanently',
    );
  });
});

describe('catalogue', () => {
  it('edits a package and a plan; members read the change at once', async () => {
    const editor = await staff(t.app, ['catalog:edit']);
    const m = await member(t.app);
    const cat = data<StaffCatalogue>(await send(t.app, editor, 'GET', '/api/staff/catalogue'));
    const gold = cat.specs.find((s) => s.type === 'gold')!;
    data(await send(t.app, editor, 'PUT', `/api/staff/catalogue/packages/${gold.id}`, { num: gold.num, amount: 7.77 }));
    const list = data<{ id: number; amount: number }[]>(await get(t.app, m, '/api/system/gold/spec/all'));
    expect(list.find((s) => s.id === gold.id)?.amount).toBe(7.77);
  });

  it('refuses bad amounts with 400 naming the field, changing nothing and writing no audit row', async () => {
    const editor = await staff(t.app, ['catalog:edit']);
    const before = data<StaffCatalogue>(await send(t.app, editor, 'GET', '/api/staff/catalogue'));
    const spec = before.specs[0]!;
    const plan = before.plans[0]!;
    const audits = await auditCount();
    const money = `amount must be above 0, at most ${CATALOGUE_MAX.amount}, with at most 2 decimals`;
    const num = `num must be a whole number from 1 to ${CATALOGUE_MAX.num}`;
    for (const [body, message] of [
      [{ num: spec.num, amount: -1 }, money],
      [{ num: spec.num, amount: 0 }, money],
      [{ num: spec.num, amount: 1.234 }, money],
      [{ num: spec.num, amount: CATALOGUE_MAX.amount + 0.01 }, money],
      [{ num: spec.num, amount: '9.99' }, 'amount must be a number'],
      [{ num: 0, amount: 1 }, num],
      [{ num: 1.5, amount: 1 }, num],
      [{ num: CATALOGUE_MAX.num + 1, amount: 1 }, num],
    ] as const) {
      const res = await send(t.app, editor, 'PUT', `/api/staff/catalogue/packages/${spec.id}`, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, message: expect.stringContaining(message) });
    }
    const planUrl = `/api/staff/catalogue/plans/${encodeURIComponent(plan.levelName)}`;
    const good = { dayCharacters: 10, monthVideos: 1, showIdentity: true };
    for (const [body, message] of [
      [{ ...good, dayCharacters: -1 }, 'dayCharacters must be a whole number'],
      [{ ...good, monthVideos: CATALOGUE_MAX.monthVideos + 1 }, 'monthVideos must be a whole number'],
      [{ ...good, showIdentity: 'yes' }, 'showIdentity must be true or false'],
    ] as const) {
      const res = await send(t.app, editor, 'PUT', planUrl, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, message: expect.stringContaining(message) });
    }
    expect(
      (await send(t.app, editor, 'PUT', '/api/staff/catalogue/packages/99999', { num: 1, amount: 1 })).body.code,
    ).toBe(404);
    expect(data<StaffCatalogue>(await send(t.app, editor, 'GET', '/api/staff/catalogue'))).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('498: permissions changed', () => {
  it('the next request answers 498 once; the user info answers with the new list; sockets are told at once', async () => {
    const admin = await staff(t.app, ['staff:admin']);
    const s = await staff(t.app, ['report:read']);
    data(await send(t.app, s, 'GET', '/api/staff/reports'));
    data(await send(t.app, admin, 'PUT', `/api/staff/members/${s.id}/permissions`, { permissions: ['audit:read'] }));
    const first = await send(t.app, s, 'GET', '/api/staff/audit');
    expect(first.body).toEqual({ code: 498, message: 'Your permissions have changed', data: null });
    expect(data<PageOf<unknown>>(await send(t.app, s, 'GET', '/api/staff/audit')).total).toBeGreaterThan(0);
    expect((await send(t.app, s, 'GET', '/api/staff/reports')).body.code).toBe(403);

    data(await send(t.app, admin, 'PUT', `/api/staff/members/${s.id}/permissions`, { permissions: ['report:read'] }));
    const info = data<UserInfo>(await get(t.app, s, '/api/system/user/info'));
    expect(info.permissions).toEqual(['report:read']);
    data(await send(t.app, s, 'GET', '/api/staff/reports'));
  });
});
