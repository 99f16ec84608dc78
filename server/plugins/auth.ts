/** Bearer-token sessions: resolves a token to a member for HTTP routes and, later, the WebSocket. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { unauthorized } from '../domain/errors.ts';
import { findSession, touchSession } from '../modules/auth/auth.repository.ts';
import { hashToken, isSessionFresh, looksLikeToken, shouldTouch } from '../modules/auth/auth.rules.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; 0 on routes without `requireAuth`. */
    userId: number;
    /** The bearer token of this request, kept to revoke it on logout; never logged. */
    token: string;
  }
}

export const SIGN_IN_MESSAGE = 'Please sign in';

/** The member a token stands for and its stored hash, or undefined when it is unknown, revoked or idle for 30 days. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: number; tokenHash: string } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await findSession(db, tokenHash);
  if (!session || session.revoked || !isSessionFresh(session.last_used_at, now)) return undefined;
  if (shouldTouch(session.last_used_at, now)) await touchSession(db, tokenHash, now);
  return { userId: session.user_id, tokenHash };
}

/** The member id a token stands for, or undefined when it is unknown, revoked or idle for 30 days. */
export async function resolveToken(db: Db, token: string, now: Date = new Date()): Promise<number | undefined> {
  return (await resolveSession(db, token, now))?.userId;
}

/** Whether the session of this stored hash is still there and not revoked (a socket's second look after joining). */
export async function isSessionLive(db: Db, tokenHash: string): Promise<boolean> {
  const session = await findSession(db, tokenHash);
  return session !== undefined && !session.revoked;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('userId', 0);
  app.decorateRequest('token', '');
}

/** preHandler for routes that need a member: 401 'Please sign in' otherwise. */
export function requireAuth(db: Db, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const userId = token ? await resolveToken(db, token, now()) : undefined;
    if (!token || userId === undefined) throw unauthorized(SIGN_IN_MESSAGE);
    request.userId = userId;
    request.token = token;
  };
}
