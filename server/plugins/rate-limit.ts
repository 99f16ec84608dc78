/**
 * A fixed-window counter per key, pure apart from its Map, with the clock passed in so tests control time.
 * One instance per limit (per IP, per account); in-process, which is right while one server owns a DATA_DIR.
 */
import type { FastifyRequest } from 'fastify';
import { type DomainError, tooMany } from '../domain/errors.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfter: number;
}

export class WindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** What a hit now would answer, without counting one. */
  peek(key: string, now: number): LimitResult {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
  }

  hit(key: string, now: number): LimitResult {
    if (this.#hits.size > 10_000) this.#prune(now);
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count <= this.limit) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

export function tooManyAttempts(retryAfter: number): DomainError {
  return tooMany(`Too many attempts, try again in ${retryAfter} seconds`, retryAfter);
}

export interface AuthLimits {
  perIp: WindowLimiter;
  perAccount: WindowLimiter;
  /** Wrong passwords per account and IP together: the attacker's address is slowed, the owner's is not. */
  loginFailures: WindowLimiter;
  /** Profile changes (update, e-mail change) per member. */
  profile: WindowLimiter;
}

export function createAuthLimits(perIpPerMin: number, perAccountPerMin: number, profilePerMin: number): AuthLimits {
  return {
    perIp: new WindowLimiter(perIpPerMin, 60_000),
    perAccount: new WindowLimiter(perAccountPerMin, 60_000),
    loginFailures: new WindowLimiter(perAccountPerMin, 60_000),
    profile: new WindowLimiter(profilePerMin, 60_000),
  };
}

/** The login-failure key: the account as typed (any case) and the address it is tried from. */
export const loginFailureKey = (keyword: string, ip: string) => `${keyword.trim().toLowerCase()}|${ip}`;

/**
 * Runs a sign-in: 429 while this account has had too many wrong passwords from this IP; a wrong one (`isFailure`)
 * is counted for the pair only, so the owner signing in from elsewhere is never locked out.
 */
export async function throttleFailures<T>(
  limiter: WindowLimiter,
  key: string,
  now: number,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  const held = limiter.peek(key, now);
  if (!held.allowed) throw tooManyAttempts(held.retryAfter);
  try {
    return await attempt();
  } catch (error) {
    if (isFailure(error)) limiter.hit(key, now);
    throw error;
  }
}

/** preHandler after requireAuth: `limiter` per signed-in member. */
export function memberLimitHook(limiter: WindowLimiter, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const result = limiter.hit(String(request.userId), now().getTime());
    if (!result.allowed) throw tooManyAttempts(result.retryAfter);
  };
}

/**
 * preHandler for login, register, code and reset: counts every attempt per IP, and per account when the body
 * names one (keyword or email, case-insensitive), so one address cannot be hammered from many IPs either.
 */
export function authLimitHook(
  limits: AuthLimits,
  route: string,
  accountField: 'keyword' | 'email' | undefined,
  clock: () => Date = () => new Date(),
) {
  return async (request: FastifyRequest): Promise<void> => {
    const now = clock().getTime();
    const byIp = limits.perIp.hit(`${route}|${request.ip}`, now);
    if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfter);
    if (accountField === undefined) return;
    const body = request.body as Record<string, unknown> | null | undefined;
    const account = typeof body === 'object' && body !== null ? body[accountField] : undefined;
    if (typeof account === 'string' && account.trim() !== '') {
      const byAccount = limits.perAccount.hit(`${route}|${account.trim().toLowerCase()}`, now);
      if (!byAccount.allowed) throw tooManyAttempts(byAccount.retryAfter);
    }
  };
}
