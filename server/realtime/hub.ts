/**
 * Fan-out of frames to members through the one Bus: `publish(userId, frame)` goes out on the member's topic and
 * every instance holding a socket of that member delivers it locally. In-process now; a Redis bus plugs in with no
 * change here, since instances subscribe only to the members they hold.
 */
import type { ServerFrame } from '#protocol/chat.ts';
import type { Bus } from './bus.ts';
import { ConnectionRegistry, type LocalSocket } from './registry.ts';

export interface Hub {
  /** Every socket of the member, on any instance, gets the frame. Fire and forget: delivery is best effort. */
  publish(userId: number, frame: ServerFrame): void;
}

export interface LocalHub extends Hub {
  readonly registry: ConnectionRegistry;
  /** Registers a signed-in socket; call the answer when it closes. */
  join(userId: number, socket: LocalSocket): () => void;
}

export const userTopic = (userId: number) => `user:${userId}`;

export function createHub(bus: Bus, onError: (error: unknown) => void = () => {}): LocalHub {
  const registry = new ConnectionRegistry();
  const unsubscribe = new Map<number, () => void>();
  return {
    registry,
    publish(userId, frame) {
      // Serialized once for all sockets and instances: the bus carries text.
      bus.publish(userTopic(userId), JSON.stringify(frame)).catch(onError);
    },
    join(userId, socket) {
      if (registry.add(userId, socket)) {
        unsubscribe.set(
          userId,
          bus.subscribe(userTopic(userId), (text) => registry.sendLocal(userId, String(text))),
        );
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        if (registry.remove(userId, socket)) {
          unsubscribe.get(userId)?.();
          unsubscribe.delete(userId);
        }
      };
    },
  };
}
