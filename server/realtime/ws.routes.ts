/**
 * The socket endpoint /ws/{token}: origin check, sign-in by token, then per socket an idle check, a size limit and
 * a frame budget in front of the frame router. Signed-in sockets join the hub so fan-out reaches every tab, and so
 * revoking their token closes them. Limits and close codes: limits.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type ServerFrame, WS_MAX_FRAME_BYTES } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../context.ts';
import { isSessionLive, resolveSession } from '../plugins/auth.ts';
import { sendError } from '../plugins/errors.ts';
import { FrameBudget } from './frame-budget.ts';
import { type Refusal, routeFrame } from './frame-router.ts';
import { closeUnauthorized, type LocalHub } from './hub.ts';
import { FLOOD_CLOSE_CODE, FLOOD_REASON, IDLE_CLOSE_CODE } from './limits.ts';
import { isAllowedOrigin } from './origin.ts';

export { IDLE_CLOSE_CODE, UNAUTHORIZED_CLOSE_CODE } from './limits.ts';

/** ws refuses (close 1009) only frames above this; 64 KiB to this size get a 413 frame and the socket stays open. */
export const WS_HARD_MAX_BYTES = 1024 * 1024;
export const TOO_MANY_MESSAGE = 'Too many messages, slow down';

export const TOO_LARGE_MESSAGE = `A frame must be at most ${WS_MAX_FRAME_BYTES / 1024} KiB`;

const textOf = (raw: Buffer | ArrayBuffer | Buffer[]): string =>
  Array.isArray(raw)
    ? Buffer.concat(raw).toString()
    : Buffer.isBuffer(raw)
      ? raw.toString()
      : Buffer.from(raw).toString();

const rawLength = (raw: Buffer | ArrayBuffer | Buffer[]): number =>
  Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;

/** How often idle sockets are looked for: a tenth of the idle time, at most every 5 s. */
export const idleSweepMs = (idleCloseMs: number) => Math.max(10, Math.min(5000, Math.floor(idleCloseMs / 10)));

export function wsRoutes(app: FastifyInstance, ctx: AppContext, hub: LocalHub): void {
  const { idleCloseMs, ratePerSec, rateBurst } = ctx.config.ws;
  const clock = () => ctx.now().getTime();

  // Clients ping every 20 s; a socket silent for the idle time (by the app's clock) is dead or abandoned.
  const lastHeard = new Map<WebSocket, number>();
  const sweep = setInterval(() => {
    const now = clock();
    for (const [socket, at] of lastHeard) {
      if (now - at < idleCloseMs) continue;
      lastHeard.delete(socket);
      socket.close(IDLE_CLOSE_CODE, 'idle timeout');
    }
  }, idleSweepMs(idleCloseMs));
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get<{ Params: { token: string } }>(
    '/ws/:token',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request.headers.origin, ctx.config.socketOrigins)) {
          return sendError(reply, Code.forbidden, 'This origin may not open the socket');
        }
      },
    },
    (socket, request) => {
      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      lastHeard.set(socket, clock());
      const budget = new FrameBudget(ratePerSec, rateBurst, clock());
      let userId: number | undefined;
      let leave: (() => void) | undefined;
      socket.on('close', () => {
        lastHeard.delete(socket);
        leave?.();
      });

      // The listener is attached before the token check ends, so frames sent right after opening are not lost.
      const signIn = async (): Promise<number | undefined> => {
        const session = await resolveSession(ctx.db, request.params.token, ctx.now());
        if (!session) return undefined;
        if (socket.readyState !== socket.OPEN) return undefined;
        leave = hub.join(session.userId, session.tokenHash, socket);
        // A revocation committed while the session was being read was announced before this socket joined: look
        // again now that any later announcement reaches it.
        if (!(await isSessionLive(ctx.db, session.tokenHash))) return undefined;
        return session.userId;
      };
      const signedIn = signIn().catch((error: unknown) => {
        request.log.error({ err: error }, 'socket sign-in failed');
        return undefined;
      });
      void signedIn.then((id) => {
        if (id === undefined) {
          leave?.();
          closeUnauthorized(socket);
          return;
        }
        userId = id;
      });

      const handle = (me: number, raw: Buffer | ArrayBuffer | Buffer[]) => {
        // A revoked, replaced or closing socket neither sends nor receives anything more.
        if (socket.readyState !== socket.OPEN) return;
        const verdict = budget.admit(clock());
        if (verdict === 'drop') return;
        if (verdict === 'close') {
          socket.close(FLOOD_CLOSE_CODE, FLOOD_REASON);
          return;
        }
        const refusal: Refusal | undefined =
          verdict === 'refuse'
            ? { code: Code.tooMany, message: TOO_MANY_MESSAGE }
            : rawLength(raw) > WS_MAX_FRAME_BYTES
              ? { code: Code.tooLarge, message: TOO_LARGE_MESSAGE }
              : undefined;
        void routeFrame(ctx, me, textOf(raw), refusal).then((answer) => answer && send(answer));
      };

      socket.on('message', (raw) => {
        if (lastHeard.has(socket)) lastHeard.set(socket, clock());
        // Signed in: handle now, so a socket's frames keep their order into the chat writer.
        if (userId !== undefined) return handle(userId, raw);
        void signedIn.then((id) => id !== undefined && handle(id, raw));
      });
    },
  );
}
