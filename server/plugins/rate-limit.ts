/**
 * Fixed-window counters per key, one per limit (per IP, per account). In-process (WindowLimiter, pure apart from its
 * Map, with the clock passed in so tests control time) for one server; in Redis (RedisWindowLimiter) when REDIS_URL
 * is set, so several instances count together.
 */
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { type DomainError, tooMany, unavailable } from '../domain/errors.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfter: number;
}

/** A fixed-window counter; `now` in milliseconds (the Redis one counts on Redis's clock and ignores it). */
export interface Limiter {
  hit(key: string, now: number): LimitResult | Promise<LimitResult>;
  /** What a hit now would answer, without counting one. */
  peek(key: string, now: number): LimitResult | Promise<LimitResult>;
}

export class WindowLimiter implements Limiter {
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

// One round trip: count, start the window on the first hit, answer the count and the milliseconds left.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;
const PEEK_SCRIPT = `return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}`;

/** The same window kept in Redis under `<prefix><key>`, shared by every instance. Redis unreachable answers 503. */
export class RedisWindowLimiter implements Limiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string, limit: number, windowMs: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** `spare`: how many more hits the window must still take to count as allowed (1 for a peek, 0 after a hit). */
  async #run(script: string, key: string, spare: number): Promise<LimitResult> {
    let answer: unknown;
    try {
      answer = await this.#redis.eval(script, 1, this.#prefix + key, this.windowMs);
    } catch {
      throw unavailable('Rate limits cannot be checked right now, try again shortly');
    }
    const [count, ttl] = answer as [number, number];
    if (count + spare <= this.limit) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  hit(key: string): Promise<LimitResult> {
    return this.#run(HIT_SCRIPT, key, 0);
  }

  peek(key: string): Promise<LimitResult> {
    return this.#run(PEEK_SCRIPT, key, 1);
  }
}

export function tooManyAttempts(retryAfter: number): DomainError {
  return tooMany(`Too many attempts, try again in ${retryAfter} seconds`, retryAfter);
}

export interface AuthLimits {
  perIp: Limiter;
  perAccount: Limiter;
  /** Wrong passwords per account and IP together: the attacker's address is slowed, the owner's is not. */
  loginFailures: Limiter;
  /** Profile changes (update, e-mail change) per member. */
  profile: Limiter;
  /** Upload attempts per member, direct and form uploads together (the byte quota is in the database). */
  uploads: Limiter;
}

/** In-process counters, or counters in Redis under `<redisPrefix><limit>:` when a Redis connection is given. */
export function createAuthLimits(
  perIpPerMin: number,
  perAccountPerMin: number,
  profilePerMin: number,
  uploadsPerMin: number,
  redis?: { client: Redis; prefix: string },
): AuthLimits {
  const limiter = (name: string, limit: number): Limiter =>
    redis
      ? new RedisWindowLimiter(redis.client, `${redis.prefix}${name}:`, limit, 60_000)
      : new WindowLimiter(limit, 60_000);
  return {
    perIp: limiter('ip', perIpPerMin),
    perAccount: limiter('account', perAccountPerMin),
    loginFailures: limiter('login-failures', perAccountPerMin),
    profile: limiter('profile', profilePerMin),
    uploads: limiter('uploads', uploadsPerMin),
  };
}

/** The login-failure key: the account as typed (any case) and the address it is tried from. */
export const loginFailureKey = (keyword: string, ip: string) => `${keyword.trim().toLowerCase()}|${ip}`;

/**
 * Runs a sign-in: 429 while this account has had too many wrong passwords from this IP; a wrong one (`isFailure`)
 * is counted for the pair only, so the owner signing in from elsewhere is never locked out.
 */
export async function throttleFailures<T>(
  limiter: Limiter,
  key: string,
  now: number,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  const held = await limiter.peek(key, now);
  if (!held.allowed) throw tooManyAttempts(held.retryAfter);
  try {
    return await attempt();
  } catch (error) {
    if (isFailure(error)) await limiter.hit(key, now);
    throw error;
  }
}

/** preHandler after requireAuth: `limiter` per signed-in member. */
export function memberLimitHook(limiter: Limiter, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter.hit(String(request.userId), now().getTime());
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
    const byIp = await limits.perIp.hit(`${route}|${request.ip}`, now);
    if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfter);
    if (accountField === undefined) return;
    const body = request.body as Record<string, unknown> | null | undefined;
    const account = typeof body === 'object' && body !== null ? body[accountField] : undefined;
    if (typeof account === 'string' && account.trim() !== '') {
      const byAccount = await limits.perAccount.hit(`${route}|${account.trim().toLowerCase()}`, now);
      if (!byAccount.allowed) throw tooManyAttempts(byAccount.retryAfter);
    }
  };
}
