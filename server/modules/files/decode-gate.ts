/**
 * At most `running` image decodes at once, at most `waiting` more in line, the rest refused at once. Sharp works on
 * libuv's thread pool, which sign-ins (argon2) and file reads share: a burst of 40-megapixel uploads from many
 * members must queue, not take every thread, and a queue of 5 MiB buffers must not grow without end.
 */
import { unavailable } from '../../domain/errors.ts';

export const BUSY_MESSAGE = 'The server is busy with other uploads, try again in a moment';

export class DecodeGate {
  readonly #running: number;
  readonly #waiting: number;
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(running: number, waiting: number) {
    this.#running = running;
    this.#waiting = waiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#running) {
      if (this.#queue.length >= this.#waiting) throw unavailable(BUSY_MESSAGE);
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#active += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so #active only falls when nobody waits.
      const next = this.#queue.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
