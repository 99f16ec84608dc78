/**
 * Fan-out between server instances. In-process for one server; a Redis engine will implement the same
 * interface for several (docs/architecture.md). Topics are `user:<id>` (realtime/hub.ts); messages: serialized frames.
 */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, listener: (message: unknown) => void): () => void;
  close(): Promise<void>;
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
