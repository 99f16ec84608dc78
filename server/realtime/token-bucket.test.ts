import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('allows a burst, then refuses until time refills it', () => {
    const bucket = new TokenBucket(20, 40, 0);
    let allowed = 0;
    for (let i = 0; i < 100; i++) if (bucket.take(0)) allowed++;
    expect(allowed).toBe(40);
    expect(bucket.take(0)).toBe(false);
    // 20 per second: one token every 50 ms.
    expect(bucket.take(49)).toBe(false);
    expect(bucket.take(51)).toBe(true);
    expect(bucket.take(51)).toBe(false);
  });

  it('holds a steady rate at the limit and never stores more than the burst', () => {
    const bucket = new TokenBucket(20, 40, 0);
    for (let t = 0; t < 10_000; t += 50) expect(bucket.take(t)).toBe(true);
    let allowed = 0;
    for (let i = 0; i < 100; i++) if (bucket.take(1_000_000)) allowed++;
    expect(allowed).toBe(40);
  });

  it('does not mint tokens when the clock goes backwards', () => {
    const bucket = new TokenBucket(1, 1, 1000);
    expect(bucket.take(1000)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(500)).toBe(false);
  });
});
