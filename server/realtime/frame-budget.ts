/**
 * What to do with one incoming frame of a socket, by its frame budget (token bucket): handle it, refuse it with a
 * 429 (at most one a second), drop it without a word, or close the socket that keeps flooding. Pure: `now` is in
 * milliseconds and passed in, so tests move the clock.
 */
import { FLOOD_GRACE_MS, FLOOD_QUIET_MS, TOO_MANY_ANSWER_INTERVAL_MS } from './limits.ts';
import { TokenBucket } from './token-bucket.ts';

export type Verdict = 'handle' | 'refuse' | 'drop' | 'close';

export class FrameBudget {
  readonly #bucket: TokenBucket;
  #floodSince: number | undefined;
  #lastRefused = Number.NEGATIVE_INFINITY;
  #lastAnswered = Number.NEGATIVE_INFINITY;

  constructor(ratePerSec: number, burst: number, now: number) {
    this.#bucket = new TokenBucket(ratePerSec, burst, now);
  }

  admit(now: number): Verdict {
    // Frames let through in between do not end a flood (a socket just over the rate gets some through every second):
    // only a quiet time without refusals does.
    if (this.#bucket.take(now)) return 'handle';
    if (this.#floodSince === undefined || now - this.#lastRefused >= FLOOD_QUIET_MS) this.#floodSince = now;
    this.#lastRefused = now;
    if (now - this.#floodSince >= FLOOD_GRACE_MS) return 'close';
    if (now - this.#lastAnswered < TOO_MANY_ANSWER_INTERVAL_MS) return 'drop';
    this.#lastAnswered = now;
    return 'refuse';
  }
}
