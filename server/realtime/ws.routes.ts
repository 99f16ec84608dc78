/**
 * The socket endpoint /ws/{token}: origin check, sign-in by token, then per socket an idle timer, a size limit and
 * a frame budget in front of the frame router. Signed-in sockets join the hub so fan-out reaches every tab.
 */
import type { FastifyInstance } from 'fastify';
import { type ServerFrame, WS_MAX_FRAME_BYTES } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../context.ts';
import { resolveToken } from '../plugins/auth.ts';
import { sendError } from '../plugins/errors.ts';
import { routeFrame } from './frame-router.ts';
import type { LocalHub } from './hub.ts';
import { isAllowedOrigin } from './origin.ts';
import { TokenBucket } from './token-bucket.ts';

/** ws refuses (close 1009) only frames above this; 64 KiB to this size get a 413 frame and the socket stays open. */
export const WS_HARD_MAX_BYTES = 1024 * 1024;
export const IDLE_CLOSE_CODE = 4408;
export const UNAUTHORIZED_CLOSE_CODE = 4401;
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

export function wsRoutes(app: FastifyInstance, ctx: AppContext, hub: LocalHub): void {
  const { idleCloseMs, ratePerSec, rateBurst } = ctx.config.ws;

  app.get<{ Params: { token: string } }>(
    '/ws/:token',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request.headers.origin, request.headers.host, ctx.config.allowedOrigins)) {
          return sendError(reply, Code.forbidden, 'This origin may not open the socket');
        }
      },
    },
    (socket, request) => {
      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      // Clients ping every 20 s; a socket silent for the idle time is dead or abandoned.
      const idle = setTimeout(() => socket.close(IDLE_CLOSE_CODE, 'idle timeout'), idleCloseMs);
      const bucket = new TokenBucket(ratePerSec, rateBurst, performance.now());
      let userId: number | undefined;
      let leave: (() => void) | undefined;
      socket.on('close', () => {
        clearTimeout(idle);
        leave?.();
      });

      // The listener is attached before the token check ends, so frames sent right after opening are not lost.
      const signedIn = resolveToken(ctx.db, request.params.token, ctx.now()).catch((error: unknown) => {
        request.log.error({ err: error }, 'socket sign-in failed');
        return undefined;
      });
      void signedIn.then((id) => {
        if (id === undefined) {
          send({ code: Code.unauthorized, message: 'Please sign in', data: null });
          socket.close(UNAUTHORIZED_CLOSE_CODE, 'unauthorized');
          return;
        }
        userId = id;
        if (socket.readyState === socket.OPEN) leave = hub.join(id, socket);
      });

      const handle = (me: number, raw: Buffer | ArrayBuffer | Buffer[]) => {
        const refusal = !bucket.take(performance.now())
          ? { code: Code.tooMany, message: TOO_MANY_MESSAGE }
          : rawLength(raw) > WS_MAX_FRAME_BYTES
            ? { code: Code.tooLarge, message: TOO_LARGE_MESSAGE }
            : undefined;
        void routeFrame(ctx, me, textOf(raw), refusal).then((answer) => answer && send(answer));
      };

      socket.on('message', (raw) => {
        idle.refresh();
        // Signed in: handle now, so a socket's frames keep their order into the chat writer.
        if (userId !== undefined) return handle(userId, raw);
        void signedIn.then((id) => id !== undefined && handle(id, raw));
      });
    },
  );
}
