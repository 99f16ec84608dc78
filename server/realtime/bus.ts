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
}

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
