import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './bus.ts';
import { createHub, REVOCATION_TOPIC } from './hub.ts';
import { MAX_SOCKETS_PER_MEMBER, SOCKET_LIMIT_CLOSE_CODE, UNAUTHORIZED_CLOSE_CODE } from './limits.ts';
import type { LocalSocket } from './registry.ts';

class FakeSocket implements LocalSocket {
  readyState = 1;
  sent: string[] = [];
  closedWith: number | undefined;
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith ??= code;
    this.readyState = 2;
  }
}

const frame = { action: 'pong', code: 200, data: null } as const;

describe('hub', () => {
  it('revokeTokens closes only the sockets of those tokens, with a 401 frame first, on every hub of the bus', () => {
    const bus = createInProcessBus();
    const [here, there] = [createHub(bus), createHub(bus)];
    const a1 = new FakeSocket();
    const a2 = new FakeSocket();
    const aOther = new FakeSocket();
    const b = new FakeSocket();
    here.join(1, 'hash-a', a1);
    there.join(1, 'hash-a', a2);
    there.join(1, 'hash-a2', aOther);
    here.join(2, 'hash-b', b);
    here.revokeTokens(['hash-a', 'unknown']);
    for (const s of [a1, a2]) {
      expect(s.closedWith).toBe(UNAUTHORIZED_CLOSE_CODE);
      expect(JSON.parse(s.sent.at(-1)!)).toMatchObject({ code: 401 });
    }
    expect([aOther.closedWith, b.closedWith]).toEqual([undefined, undefined]);
    // Out of the registry at once: fan-out no longer reaches them.
    here.publish(1, frame);
    expect(a1.sent).toHaveLength(1);
    expect(aOther.sent).toEqual([JSON.stringify(frame)]);
  });

  it('revokeMember closes every socket of the member on every hub, whatever the token', () => {
    const bus = createInProcessBus();
    const [here, there] = [createHub(bus), createHub(bus)];
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    here.join(1, 'x', sockets[0]!);
    there.join(1, 'y', sockets[1]!);
    there.join(2, 'z', sockets[2]!);
    there.revokeMember(1);
    expect(sockets.map((s) => s.closedWith)).toEqual([UNAUTHORIZED_CLOSE_CODE, UNAUTHORIZED_CLOSE_CODE, undefined]);
    expect(here.registry.members).toBe(0);
    expect(there.registry.members).toBe(1);
  });

  it('revokeMember with a kept token closes every other socket of the member, on every hub', () => {
    const bus = createInProcessBus();
    const [here, there] = [createHub(bus), createHub(bus)];
    const [kept, keptThere, other, otherThere] = [
      new FakeSocket(),
      new FakeSocket(),
      new FakeSocket(),
      new FakeSocket(),
    ];
    here.join(1, 'keep', kept);
    there.join(1, 'keep', keptThere);
    here.join(1, 'old', other);
    there.join(1, 'older', otherThere);
    here.revokeMember(1, 'keep');
    expect([kept, keptThere, other, otherThere].map((s) => s.closedWith)).toEqual([
      undefined,
      undefined,
      UNAUTHORIZED_CLOSE_CODE,
      UNAUTHORIZED_CLOSE_CODE,
    ]);
    expect(here.registry.socketsOf(1).map((j) => j.socket)).toEqual([kept]);
  });

  it('ignores a message on the revocation topic it cannot read, and reports it', async () => {
    const bus = createInProcessBus();
    const errors: unknown[] = [];
    const hub = createHub(bus, (e) => errors.push(e));
    const s = new FakeSocket();
    hub.join(1, 'x', s);
    for (const junk of [
      'not json',
      '{"tokenHashes": [1]}',
      '{"userId": "1"}',
      '{"userId": 1, "keep": 2}',
      'null',
      '{}',
    ]) {
      await bus.publish(REVOCATION_TOPIC, junk);
    }
    expect(s.closedWith).toBeUndefined();
    expect(errors).toHaveLength(6);
  });

  it(`keeps at most ${MAX_SOCKETS_PER_MEMBER} sockets per member: the oldest goes, whatever its token`, () => {
    const hub = createHub(createInProcessBus());
    const mine = Array.from({ length: MAX_SOCKETS_PER_MEMBER + 2 }, () => new FakeSocket());
    const theirs = Array.from({ length: MAX_SOCKETS_PER_MEMBER }, () => new FakeSocket());
    for (const [i, s] of mine.entries()) hub.join(1, `token-${i % 3}`, s);
    for (const s of theirs) hub.join(2, 'other', s);
    expect(mine.map((s) => s.closedWith)).toEqual([
      SOCKET_LIMIT_CLOSE_CODE,
      SOCKET_LIMIT_CLOSE_CODE,
      ...Array(MAX_SOCKETS_PER_MEMBER).fill(undefined),
    ]);
    expect(theirs.every((s) => s.closedWith === undefined)).toBe(true);
    expect(hub.registry.socketsOf(1).map((j) => j.socket)).toEqual(mine.slice(2));
    // A socket that leaves frees its place: the next one closes nobody.
    const leave = hub.join(3, 't', new FakeSocket());
    leave();
    leave();
    const extra = Array.from({ length: MAX_SOCKETS_PER_MEMBER }, () => new FakeSocket());
    for (const s of extra) hub.join(3, 't', s);
    expect(extra.every((s) => s.closedWith === undefined)).toBe(true);
  });

  it('stops listening to a shared bus when closed', () => {
    const bus = createInProcessBus();
    const [gone, staying] = [createHub(bus), createHub(bus)];
    const s = new FakeSocket();
    gone.join(1, 'x', s);
    gone.close();
    staying.publish(1, frame);
    staying.revokeMember(1);
    expect(s.sent).toEqual([]);
    expect(s.closedWith).toBeUndefined();
  });
});
