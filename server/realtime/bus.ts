/**
 * Fan-out between server instances. In-process for one server; with REDIS_URL, redis-bus.ts implements the same
 * interface for several (docs/architecture.md). Topics are `user:<id>` (realtime/hub.ts); messages: serialized frames.
 */
export interface Bus {
  /** `receipt`: remember (for RECEIPT_TTL_S) that this message went out, for `delivered`. */
  publish(topic: string, message: unknown, receipt?: string): Promise<void>;
  /**
   * Whether a message published with this receipt reached the bus. A bus without it hands messages over at once, so
   * everything published was delivered (one process: if it died, every socket died with it).
   */
  delivered?(receipt: string): Promise<boolean>;
  subscribe(topic: string, listener: (message: unknown) => void): () => void;
  close(): Promise<void>;
  /** False while the bus cannot carry messages (Redis unreachable); a bus without it is always up. */
  healthy?(): boolean;
  /** Who holds a socket on any instance; a bus without it has one instance, whose registry knows. */
  presence?: Presence;
}

/**
 * Which members hold a live socket somewhere (Web Push goes only to members who hold none). Each instance says which
 * members it holds, again every PRESENCE_REFRESH_MS; a word it does not renew lapses after PRESENCE_TTL_MS, so an
 * instance that died stops counting by then.
 */
export interface Presence {
  /** These members hold sockets on this instance. */
  here(userIds: readonly number[]): void;
  /** The member's last socket on this instance closed. */
  gone(userId: number): void;
  /** Whether any instance holds a socket of the member; unsure (Redis unreachable): false. */
  online(userId: number): Promise<boolean>;
}

export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_TTL_MS = 60_000;

export function createInProcessBus(): Bus {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) listener(message);
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        // Members come and go all day: an empty topic must not stay behind.
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
