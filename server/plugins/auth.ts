/** Bearer-token sessions: resolves a token to a member for HTTP routes and, later, the WebSocket. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { createBatchReader } from '../db/group-commit.ts';
import { permissionsChanged, unauthorized } from '../domain/errors.ts';
import {
  clearPermissionsChanged,
  findSession,
  findSessions,
  type SessionRow,
  touchSession,
} from '../modules/auth/auth.repository.ts';
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
export const PERMISSIONS_CHANGED_MESSAGE = 'Your permissions have changed';

/** The member a token stands for and its stored hash, or undefined when it is unknown, revoked or idle for 30 days. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
  find: (tokenHash: string) => Promise<SessionRow | undefined> = (tokenHash) => findSession(db, tokenHash),
): Promise<{ userId: number; tokenHash: string; permissionsChanged: boolean } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await find(tokenHash);
  if (!session || session.revoked || !isSessionFresh(session.last_used_at, now)) return undefined;
  if (shouldTouch(session.last_used_at, now)) await touchSession(db, tokenHash, now);
  return { userId: session.user_id, tokenHash, permissionsChanged: session.permissions_changed };
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

/**
 * Session lookups of concurrent requests read together, one query per batch: 200 members paying at once cost a few
 * queries instead of 200 queued on PGlite's one connection. Each lookup still reads the database after its request
 * arrived, so a revoked token is refused as before.
 */
export function createSessionReader(db: Db): (tokenHash: string) => Promise<SessionRow | undefined> {
  const reads = createBatchReader<string, SessionRow | undefined>({
    read: async (hashes) => {
      const found = await findSessions(db, hashes);
      return hashes.map((h) => found.get(h));
    },
    name: 'session reader',
  });
  return (tokenHash) => reads.submit(tokenHash);
}

/**
 * preHandler for routes that need a member: 401 'Please sign in' otherwise. After the member's permissions changed
 * the session's next request answers 498 once (docs/api.md, Transport); `refreshesPermissions` (the user info, which
 * carries them) answers normally instead.
 */
export function requireAuth(db: Db, now: () => Date, options: { refreshesPermissions?: boolean } = {}) {
  const find = createSessionReader(db);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const session = token ? await resolveSession(db, token, now(), find) : undefined;
    if (!token || session === undefined) throw unauthorized(SIGN_IN_MESSAGE);
    if (session.permissionsChanged) {
      await clearPermissionsChanged(db, session.tokenHash);
      if (!options.refreshesPermissions) throw permissionsChanged(PERMISSIONS_CHANGED_MESSAGE);
    }
    request.userId = session.userId;
    request.token = token;
  };
}
