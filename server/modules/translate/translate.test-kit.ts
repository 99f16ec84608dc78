/**
 * Tests only: balances granted with their ledger rows, messages written straight into the table, a stand-in
 * LibreTranslate server, and `ledgerProblems`, which checks that every balance equals its ledger.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { utcDay } from '../users/users.rules.ts';

const COLUMN = {
  register_character: 'register_character_count',
  give_character: 'give_character_count',
  buy_character: 'buy_character_count',
  give_gold: 'give_gold',
  buy_gold: 'buy_gold',
} as const;
type Kind = keyof typeof COLUMN;

/** Sets balances to the given values, each change written to the ledger as the product's purchases would. */
export async function grant(
  db: Db,
  userId: number,
  balances: Partial<Record<Kind, number>> & { day_character?: number },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const [kind, value] of Object.entries(balances) as [Kind | 'day_character', number][]) {
      const isDay = kind === 'day_character';
      const before = isDay
        ? row.day_characters_date === utcDay(now)
          ? row.day_characters
          : 0
        : Number(row[COLUMN[kind]]);
      await trx
        .updateTable('users')
        .set(isDay ? { day_characters: value, day_characters_date: utcDay(now) } : { [COLUMN[kind]]: value })
        .where('id', '=', userId)
        .execute();
      await trx
        .insertInto('ledger')
        .values({
          user_id: userId,
          kind,
          delta: (value - before).toFixed(2),
          balance_after: value,
          reason: 'test grant',
          ref: null,
          created_at: now,
        })
        .execute();
    }
  });
}

/**
 * Every way the balances of `userIds` disagree with the ledger (empty when they agree): for characters and gold the
 * ledger's deltas sum to the balance and each row's balance_after is the running sum; for the day allowance, rows of
 * one UTC day chain the same way and the last one is what the member has left today. No balance is negative.
 */
export async function ledgerProblems(db: Db, userIds: number[]): Promise<string[]> {
  const problems: string[] = [];
  const users = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  const rows = await db.selectFrom('ledger').selectAll().where('user_id', 'in', userIds).orderBy('id').execute();
  for (const u of users) {
    const mine = rows.filter((r) => r.user_id === u.id);
    for (const [kind, column] of Object.entries(COLUMN) as [Kind, (typeof COLUMN)[Kind]][]) {
      let cents = 0;
      for (const r of mine.filter((r) => r.kind === kind)) {
        cents += Math.round(Number(r.delta) * 100);
        if (Math.round(Number(r.balance_after) * 100) !== cents) {
          problems.push(
            `user ${u.id} ${kind} row ${r.id}: balance_after ${r.balance_after}, running sum ${cents / 100}`,
          );
        }
      }
      const balance = Math.round(Number(u[column]) * 100);
      if (balance < 0) problems.push(`user ${u.id} ${column} is negative: ${u[column]}`);
      if (balance !== cents)
        problems.push(`user ${u.id} ${column} = ${u[column]} but its ledger sums to ${cents / 100}`);
    }
    const days = new Map<string, typeof mine>();
    for (const r of mine.filter((r) => r.kind === 'day_character')) {
      const day = utcDay(new Date(r.created_at));
      days.set(day, [...(days.get(day) ?? []), r]);
    }
    for (const [day, dayRows] of days) {
      for (let i = 1; i < dayRows.length; i++) {
        const expected = Number(dayRows[i - 1]!.balance_after) + Number(dayRows[i]!.delta);
        if (Number(dayRows[i]!.balance_after) !== expected) {
          problems.push(
            `user ${u.id} day ${day} row ${dayRows[i]!.id}: balance_after ${dayRows[i]!.balance_after}, expected ${expected}`,
          );
        }
      }
      if (u.day_characters_date === day && Number(dayRows.at(-1)!.balance_after) !== u.day_characters) {
        problems.push(
          `user ${u.id} has ${u.day_characters} day characters on ${day}, its ledger says ${dayRows.at(-1)!.balance_after}`,
        );
      }
    }
    if (u.day_characters < 0) problems.push(`user ${u.id} day_characters is negative`);
  }
  return problems;
}

/** A stored text message, written straight into the table. */
export async function insertMessage(
  db: Db,
  m: { senderId: number; toId: number; msg: string; lang: string; type?: number },
): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    insert into messages (client_id, sender_id, to_id, type, msg, lang)
    values (${randomUUID()}, ${m.senderId}, ${m.toId}, ${m.type ?? 1}, ${m.msg}, ${m.lang}) returning id`.execute(db);
  return Number(rows[0]!.id);
}

export interface StandIn {
  url: string;
  /** Every POST /translate body, in order. */
  requests: Record<string, unknown>[];
  /** The `q` of every translation answered, in order of answering (a slow one lands here only once it answers). */
  answered: string[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * A stand-in LibreTranslate that speaks its JSON: en, es and de (de reaches only en); a text containing FAIL answers
 * 500, SLOW waits `slowMs`; an `apiKey` other than the one given answers 403. Translation prefixes the pair.
 */
export async function startLibreTranslateStandIn(options: { apiKey?: string; slowMs?: number } = {}): Promise<StandIn> {
  const requests: Record<string, unknown>[] = [];
  const answered: string[] = [];
  const languages = [
    { code: 'en', name: 'English', targets: ['es', 'de'] },
    { code: 'es', name: 'Spanish', targets: ['en'] },
    { code: 'de', name: 'German', targets: ['en'] },
  ];
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/languages') return send(200, languages);
    if (req.method !== 'POST' || req.url !== '/translate') return send(404, { error: 'Not Found' });
    const body = await readJson(req);
    requests.push(body);
    if (options.apiKey !== undefined && body.api_key !== options.apiKey) {
      return send(403, { error: 'Invalid API key' });
    }
    if (body.format !== 'text') return send(400, { error: 'Invalid request: format' });
    const q = String(body.q);
    if (q.includes('FAIL')) return send(500, { error: 'engine exploded' });
    if (q.includes('SLOW')) await new Promise((r) => setTimeout(r, options.slowMs ?? 1000));
    const answer: Record<string, unknown> = { translatedText: `[${body.source}>${body.target}] ${q}` };
    if (body.source === 'auto') answer.detectedLanguage = { confidence: 90, language: 'en' };
    answered.push(q);
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
