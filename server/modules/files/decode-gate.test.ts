import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, DecodeGate } from './decode-gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('DecodeGate', () => {
  it('runs at most `running` tasks at once, queues `waiting` more in order and refuses the rest', async () => {
    const gate = new DecodeGate(2, 2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const blockers = [0, 1, 2, 3].map(() => deferred());
    const task = (i: number) => async () => {
      now += 1;
      most = Math.max(most, now);
      order.push(i);
      await blockers[i]!.promise;
      now -= 1;
      return i;
    };
    const runs = [0, 1, 2, 3].map((i) => gate.run(task(i)));
    await expect(gate.run(async () => 9)).rejects.toThrow(BUSY_MESSAGE);
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    blockers[1]!.resolve();
    blockers[0]!.resolve();
    blockers[2]!.resolve();
    blockers[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    // Empty again: a new task runs at once.
    expect(await gate.run(async () => 'free')).toBe('free');
  });

  it('frees the slot when a task fails', async () => {
    const gate = new DecodeGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
