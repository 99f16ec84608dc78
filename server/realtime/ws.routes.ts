/** The socket endpoint /ws/{token}: authenticates now; chat frames arrive with the chat issue. */
import type { FastifyInstance } from 'fastify';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../context.ts';
import { resolveToken } from '../plugins/auth.ts';
import { sendError } from '../plugins/errors.ts';
import { isAllowedOrigin } from './origin.ts';

export function wsRoutes(app: FastifyInstance, ctx: AppContext): void {
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
      // The listener is attached before the token check ends, so frames sent right after opening are not lost.
      const signedIn = resolveToken(ctx.db, request.params.token, ctx.now()).catch((error: unknown) => {
        request.log.error({ err: error }, 'socket sign-in failed');
        return undefined;
      });
      void signedIn.then((userId) => {
        if (userId !== undefined) return;
        socket.send(JSON.stringify({ code: Code.unauthorized, message: 'Please sign in', data: null }));
        socket.close(4401, 'unauthorized');
      });
      socket.on('message', async (raw) => {
        if ((await signedIn) === undefined) return;
        let frame: { action?: unknown };
        try {
          frame = JSON.parse(String(raw)) as { action?: unknown };
        } catch {
          socket.send(JSON.stringify({ code: Code.badRequest, message: 'A frame must be JSON', data: null }));
          return;
        }
        if (frame.action === 'ping') {
          socket.send(JSON.stringify({ action: 'pong', code: Code.ok, data: null }));
          return;
        }
        socket.send(
          JSON.stringify({ code: Code.badRequest, message: `Unknown action: ${String(frame.action)}`, data: null }),
        );
      });
    },
  );
}
