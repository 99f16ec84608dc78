/** Which sockets of this instance belong to which member; a member may hold several (tabs, devices). */

/** The part of a socket the registry needs; `ws` sockets fit, and tests can pass fakes. */
export interface LocalSocket {
  readonly readyState: number;
  send(text: string): void;
}

const OPEN = 1;

export class ConnectionRegistry {
  readonly #byUser = new Map<number, Set<LocalSocket>>();

  /** True when this is the member's first socket here (the hub subscribes to their topic then). */
  add(userId: number, socket: LocalSocket): boolean {
    let set = this.#byUser.get(userId);
    const first = set === undefined;
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(socket);
    return first;
  }

  /** True when the member has no socket left here. */
  remove(userId: number, socket: LocalSocket): boolean {
    const set = this.#byUser.get(userId);
    if (!set?.delete(socket)) return false;
    if (set.size > 0) return false;
    this.#byUser.delete(userId);
    return true;
  }

  /** Sends an already serialized frame to every open socket of the member here; answers how many got it. */
  sendLocal(userId: number, text: string): number {
    let sent = 0;
    for (const socket of this.#byUser.get(userId) ?? []) {
      if (socket.readyState !== OPEN) continue;
      socket.send(text);
      sent++;
    }
    return sent;
  }

  socketsOf(userId: number): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  get members(): number {
    return this.#byUser.size;
  }
}
