/** Per-socket frame budget: a steady rate with room for a burst (typing fast, a reconnect flushing an outbox). */
export class TokenBucket {
  readonly ratePerSec: number;
  readonly burst: number;
  #tokens: number;
  #last: number;

  constructor(ratePerSec: number, burst: number, now: number) {
    this.ratePerSec = ratePerSec;
    this.burst = burst;
    this.#tokens = burst;
    this.#last = now;
  }

  /** Spends one token if there is one; `now` in milliseconds, passed in so tests control time. */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.#last);
    this.#last = now;
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed * this.ratePerSec) / 1000);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
