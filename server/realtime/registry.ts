/**
 * Which sockets of this instance belong to which member, and which token (its stored hash) opened each one; a
 * member may hold several (tabs, devices). Opening order is kept, so the oldest socket is known.
 */

/** The part of a socket the registry and hub need; `ws` sockets fit, and tests can pass fakes. */
export interface LocalSocket {
  readonly readyState: number;
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface Joined {
  userId: number;
  tokenHash: string;
  socket: LocalSocket;
}

const OPEN = 1;

export class ConnectionRegistry {
  /** Per member, their sockets in opening order (a Map keeps insertion order). */
  readonly #byUser = new Map<number, Map<LocalSocket, Joined>>();
  readonly #byToken = new Map<string, Set<Joined>>();

  /** True when this is the member's first socket here (the hub subscribes to their topic then). */
  add(userId: number, tokenHash: string, socket: LocalSocket): boolean {
    let sockets = this.#byUser.get(userId);
    const first = sockets === undefined;
    if (!sockets) {
      sockets = new Map();
      this.#byUser.set(userId, sockets);
    }
    const joined: Joined = { userId, tokenHash, socket };
    sockets.set(socket, joined);
    const ofToken = this.#byToken.get(tokenHash) ?? new Set();
    this.#byToken.set(tokenHash, ofToken);
    ofToken.add(joined);
    return first;
  }

  /** True when the member has no socket left here. False too when the socket was not (or no longer) registered. */
  remove(userId: number, socket: LocalSocket): boolean {
    const sockets = this.#byUser.get(userId);
    const joined = sockets?.get(socket);
    if (!sockets || !joined) return false;
    sockets.delete(socket);
    const ofToken = this.#byToken.get(joined.tokenHash);
    ofToken?.delete(joined);
    if (ofToken?.size === 0) this.#byToken.delete(joined.tokenHash);
    if (sockets.size > 0) return false;
    this.#byUser.delete(userId);
    return true;
  }

  /** Sends an already serialized frame to every open socket of the member here; answers how many got it. */
  sendLocal(userId: number, text: string): number {
    let sent = 0;
    for (const socket of this.#byUser.get(userId)?.keys() ?? []) {
      if (socket.readyState !== OPEN) continue;
      socket.send(text);
      sent++;
    }
    return sent;
  }

  /** The member's sockets here, oldest first. */
  socketsOf(userId: number): Joined[] {
    return [...(this.#byUser.get(userId)?.values() ?? [])];
  }

  /** The sockets here opened with one of these tokens. */
  openedWith(tokenHashes: Iterable<string>): Joined[] {
    const found: Joined[] = [];
    for (const hash of tokenHashes) found.push(...(this.#byToken.get(hash) ?? []));
    return found;
  }

  /** Every socket here. */
  all(): Joined[] {
    return [...this.#byUser.values()].flatMap((sockets) => [...sockets.values()]);
  }

  get members(): number {
    return this.#byUser.size;
  }
}
