/**
 * Fan-out of frames to members through the one Bus: `publish(userId, frame)` goes out on the member's topic and
 * every instance holding a socket of that member delivers it locally. In-process now; a Redis bus plugs in with no
 * change here, since instances subscribe only to the members they hold, plus the one revocation topic.
 *
 * Revoking tokens goes over the bus too, so every instance closes the sockets those tokens opened: a `{code: 401}`
 * frame, then close UNAUTHORIZED_CLOSE_CODE.
 */
import type { ServerFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import { type Bus, PRESENCE_REFRESH_MS } from './bus.ts';
import {
  MAX_SOCKETS_PER_MEMBER,
  SOCKET_LIMIT_CLOSE_CODE,
  SOCKET_LIMIT_REASON,
  UNAUTHORIZED_CLOSE_CODE,
} from './limits.ts';
import { ConnectionRegistry, type Joined, type LocalSocket } from './registry.ts';

export interface Hub {
  /**
   * Every socket of the member, on any instance, gets the frame. Fire and forget: delivery is best effort. With a
   * `receipt`, `delivered(receipt)` answers later whether the frame went out.
   */
  publish(userId: number, frame: ServerFrame, receipt?: string): void;
  /**
   * Whether the frame published with this receipt went out. With several instances one may die between storing a
   * message and publishing it; the sender's resend (a duplicate) then asks. Unsure (the bus is unreachable): false.
   */
  delivered(receipt: string): Promise<boolean>;
  /**
   * Closes, on every instance, each socket opened with one of these tokens (their stored hashes). Call it after the
   * revocation is committed: a socket signing in meanwhile looks at the session again once it joined.
   */
  revokeTokens(tokenHashes: readonly string[]): void;
  /**
   * Closes, on every instance, every socket of the member whatever token opened it (reset, suspension), except those
   * opened with `keepTokenHash` (a password change keeps the device that made it signed in).
   */
  revokeMember(userId: number, keepTokenHash?: string): void;
  /**
   * Whether the member holds a live socket on any instance (Web Push goes only to members who do not): this
   * instance's registry, then the bus's presence (Redis) for the others.
   */
  isOnline(userId: number): Promise<boolean>;
}

export interface LocalHub extends Hub {
  readonly registry: ConnectionRegistry;
  /**
   * Registers a signed-in socket opened with the token of this hash; call the answer when it closes. Beyond
   * MAX_SOCKETS_PER_MEMBER the member's oldest socket here is closed (SOCKET_LIMIT_CLOSE_CODE).
   */
  join(userId: number, tokenHash: string, socket: LocalSocket): () => void;
  /** Closes every socket of this instance with this code (the instance lost Redis or its database). */
  dropAll(code: number, reason: string): void;
  /** Stops listening to the bus (the app closes; the bus may be shared). */
  close(): void;
}

export const userTopic = (userId: number) => `user:${userId}`;
/** Every instance listens here; messages are JSON `Revocation`s. */
export const REVOCATION_TOPIC = 'revocations';

type Revocation = { tokenHashes: string[] } | { userId: number; keep?: string };

const UNAUTHORIZED_FRAME = JSON.stringify({
  code: Code.unauthorized,
  message: 'Please sign in',
  data: null,
} satisfies ServerFrame);

/** The end of a socket whose token is unknown or revoked. */
export function closeUnauthorized(socket: LocalSocket): void {
  if (socket.readyState === 1) socket.send(UNAUTHORIZED_FRAME);
  socket.close(UNAUTHORIZED_CLOSE_CODE, 'unauthorized');
}

function parseRevocation(message: unknown): Revocation | undefined {
  try {
    const value: unknown = JSON.parse(String(message));
    if (typeof value !== 'object' || value === null) return undefined;
    const { tokenHashes, userId, keep } = value as Record<string, unknown>;
    if (Array.isArray(tokenHashes) && tokenHashes.every((h) => typeof h === 'string')) return { tokenHashes };
    if (Number.isSafeInteger(userId) && (keep === undefined || typeof keep === 'string')) {
      return keep === undefined ? { userId: userId as number } : { userId: userId as number, keep };
    }
  } catch {
    // Not ours: ignored below.
  }
  return undefined;
}

export function createHub(bus: Bus, onError: (error: unknown) => void = () => {}): LocalHub {
  const registry = new ConnectionRegistry();
  const unsubscribe = new Map<number, () => void>();

  const presence = bus.presence;
  const leave = (userId: number, socket: LocalSocket) => {
    if (registry.remove(userId, socket)) {
      unsubscribe.get(userId)?.();
      unsubscribe.delete(userId);
      presence?.gone(userId);
    }
  };
  // Renewed while held, so the word of an instance that died lapses (bus.ts, Presence).
  const renew = presence && setInterval(() => presence.here([...unsubscribe.keys()]), PRESENCE_REFRESH_MS);
  renew?.unref();
  // Out of the registry first, so not one more fan-out frame reaches it while it closes.
  const evict = (joined: Joined[], end: (socket: LocalSocket) => void) => {
    for (const { userId, socket } of joined) {
      leave(userId, socket);
      end(socket);
    }
  };
  const stopRevocations = bus.subscribe(REVOCATION_TOPIC, (message) => {
    const revocation = parseRevocation(message);
    if (!revocation) return onError(new Error(`unreadable revocation on the bus: ${String(message).slice(0, 100)}`));
    const joined =
      'userId' in revocation
        ? registry.socketsOf(revocation.userId).filter((j) => j.tokenHash !== revocation.keep)
        : registry.openedWith(revocation.tokenHashes);
    evict(joined, closeUnauthorized);
  });
  const announce = (revocation: Revocation) => {
    bus.publish(REVOCATION_TOPIC, JSON.stringify(revocation)).catch(onError);
  };

  return {
    registry,
    publish(userId, frame, receipt) {
      // Serialized once for all sockets and instances: the bus carries text.
      bus.publish(userTopic(userId), JSON.stringify(frame), receipt).catch(onError);
    },
    async delivered(receipt) {
      if (!bus.delivered) return true;
      return bus.delivered(receipt).catch(() => false);
    },
    revokeTokens(tokenHashes) {
      if (tokenHashes.length > 0) announce({ tokenHashes: [...tokenHashes] });
    },
    revokeMember(userId, keepTokenHash) {
      announce(keepTokenHash === undefined ? { userId } : { userId, keep: keepTokenHash });
    },
    async isOnline(userId) {
      if (registry.socketsOf(userId).some(({ socket }) => socket.readyState === 1)) return true;
      return presence ? presence.online(userId) : false;
    },
    join(userId, tokenHash, socket) {
      if (registry.add(userId, tokenHash, socket)) {
        unsubscribe.set(
          userId,
          bus.subscribe(userTopic(userId), (text) => registry.sendLocal(userId, String(text))),
        );
        presence?.here([userId]);
      }
      const over = registry.socketsOf(userId).length - MAX_SOCKETS_PER_MEMBER;
      if (over > 0) {
        evict(registry.socketsOf(userId).slice(0, over), (s) => s.close(SOCKET_LIMIT_CLOSE_CODE, SOCKET_LIMIT_REASON));
      }
      return () => leave(userId, socket);
    },
    dropAll(code, reason) {
      evict(registry.all(), (socket) => socket.close(code, reason));
    },
    close() {
      stopRevocations();
      if (renew) clearInterval(renew);
      for (const [userId, stop] of unsubscribe) {
        stop();
        presence?.gone(userId);
      }
      unsubscribe.clear();
    },
  };
}
