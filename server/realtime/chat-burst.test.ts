/**
 * Issue 7 item 2 as the attacker tried it: honest members chat in a burst while poisoning members, inside the rate
 * limit, send frames whose values PostgreSQL would refuse. Every honest message is stored exactly once and acked;
 * every attack frame is answered 400 naming the field and the rule; the attackers' sockets stay usable.
 * Deterministic: it waits for answers, never for time.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Frame, listeningTestApp, member, type TestSocket } from './socket-test-client.ts';

// A long linger puts the honest and the attacking frames of one round into the same writer batch.
const t = listeningTestApp({ CHAT_BATCH_LINGER_MS: '25' });

const HONEST = 10;
const ROUNDS = 5;
const INT4_RULE = (field: string) => `${field} must be a user id (a whole number from 1 to 2147483647)`;

/** Poisoned frames and the 400 each must get; `to` is an honest member's id. */
function attacks(to: number): [unknown, RegExp][] {
  const chart = (data: Record<string, unknown>) => ({
    action: 'chart',
    data: { toId: to, type: 1, msg: 'x', lang: 'en', clientId: randomUUID(), ...data },
  });
  return [
    [chart({ msg: 'hello\u0000world' }), /^msg must not contain a NUL character$/],
    [chart({ lang: 'e\u0000n' }), /^lang must not contain a NUL character$/],
    [chart({ toId: 2 ** 31 }), new RegExp(`^${INT4_RULE('toId').replace(/[()]/g, '\\$&')}$`)],
    [chart({ toId: -1 }), /^toId must be a user id/],
    [chart({ toId: 1e20 }), /^toId must be a user id/],
    [chart({ toId: '1e3' }), /^toId must be a user id/],
    [chart({ msg: 'lone \ud800 high' }), /^msg must not contain an unpaired surrogate/],
    [chart({ msg: '\udc00 lone low' }), /^msg must not contain an unpaired surrogate/],
    [chart({ lang: '\udfff' }), /^lang must not contain an unpaired surrogate/],
    [chart({ msg: 'x'.repeat(2001) }), /^msg must be at most 2000 characters$/],
    [chart({ lang: 'x'.repeat(17) }), /^lang must be at most 16 characters$/],
    [chart({ clientId: `${randomUUID().slice(0, 35)}\u0000` }), /^clientId must be a UUID$/],
    [{ action: 'read', data: { senderId: 2 ** 31 } }, /^senderId must be a user id/],
    [{ action: 'block', data: { receiverId: 2 ** 31, block: true } }, /^receiverId must be a user id/],
    [{ action: 'trans', data: { msgId: 1e20, lang: 'es-es' } }, /^msgId must be a message id/],
  ];
}

describe('a chat burst with poisoning members in it', () => {
  it('stores and acks every honest message exactly once; every attack gets 400 and its socket stays usable', async () => {
    const receiver = await member(t.app);
    const honest = await Promise.all(Array.from({ length: HONEST }, () => member(t.app)));
    const attackers = await Promise.all([member(t.app), member(t.app)]);
    const honestSockets = await Promise.all(honest.map((m) => t.open(m.token)));
    // Five sockets per attacking member: ten poisoning sockets in all.
    const attackSockets: { id: number; socket: TestSocket }[] = [];
    for (const a of attackers) {
      for (let n = 0; n < 5; n++) attackSockets.push({ id: a.id, socket: await t.open(a.token) });
    }
    const receiverSocket = await t.open(receiver.token);
    await Promise.all(
      [...honestSockets, ...attackSockets.map((s) => s.socket), receiverSocket].map((s) => s.roundTrip()),
    );

    const list = attacks(receiver.id);
    const sent = new Map<string, { socket: TestSocket; senderId: number; msg: string }>();
    const expectedAttacks: { socket: TestSocket; action: string; rule: RegExp }[] = [];
    // Frames interleave: each round every honest socket sends one message and every attacker sends attacks.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [n, s] of honestSockets.entries()) {
        const clientId = randomUUID();
        const msg = `honest ${n}.${round}`;
        sent.set(clientId, { socket: s, senderId: honest[n]!.id, msg });
        s.send({ action: 'chart', data: { toId: receiver.id, type: 1, msg, lang: 'en', clientId } });
      }
      for (const [k, { socket }] of attackSockets.entries()) {
        // Three attacks per socket per round: 15 frames per socket, far inside the burst of 40.
        for (let j = 0; j < 3; j++) {
          const [frame, rule] = list[(k * 3 + j + round) % list.length]!;
          expectedAttacks.push({ socket, action: (frame as { action: string }).action, rule });
          socket.send(frame);
        }
      }
    }

    // Every honest message: acked 200 to its sender, once.
    const acks = await Promise.all(
      [...sent.entries()].map(([clientId, { socket }]) =>
        socket.next((f) => f.action === 'chart' && f.data?.clientId === clientId, 10_000),
      ),
    );
    for (const ack of acks) expect(ack).toMatchObject({ code: 200, data: { toId: receiver.id } });

    // Every attack: 400 with its own rule, in the order sent on its socket.
    for (const { socket, action, rule } of expectedAttacks) {
      const answer = await socket.next((f: Frame) => f.action === action && f.code !== 200, 10_000);
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(rule);
    }

    // Stored exactly once each, and nothing from the attackers.
    const rows = await t.app.amity.db
      .selectFrom('messages')
      .select(['client_id', 'sender_id', 'msg'])
      .where('to_id', '=', receiver.id)
      .execute();
    expect(rows).toHaveLength(HONEST * ROUNDS);
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(rows.length); // no clientId stored twice
    for (const row of rows) {
      const mine = sent.get(row.client_id);
      expect(mine, row.client_id).toBeDefined();
      expect({ sender: row.sender_id, msg: row.msg }).toEqual({ sender: mine!.senderId, msg: mine!.msg });
    }
    // The receiver got each honest message delivered once.
    await receiverSocket.roundTrip();
    const delivered = receiverSocket.frames.filter((f) => f.action === 'chart').map((f) => f.data.clientId);
    expect(delivered.sort()).toEqual([...sent.keys()].sort());

    // No acks beyond one per message reached the honest senders; the attackers' sockets still work.
    for (const s of honestSockets) {
      await s.roundTrip();
      expect(s.frames.filter((f) => f.action === 'chart')).toEqual([]);
    }
    for (const { id, socket } of attackSockets) {
      expect(socket.frames.filter((f) => f.code !== 200)).toEqual([]);
      const clientId = randomUUID();
      socket.send({ action: 'chart', data: { toId: receiver.id, type: 1, msg: 'fine now', lang: 'en', clientId } });
      const ack = await socket.next((f) => f.action === 'chart' && f.data?.clientId === clientId && f.code === 200);
      expect(ack.data.senderId).toBe(id);
    }
  });
});
