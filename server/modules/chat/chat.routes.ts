/** HTTP face of api.md "Chat over REST" and the block list. */
import type { FastifyInstance } from 'fastify';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { HttpError, ok } from '../../plugins/errors.ts';
import * as service from './chat.service.ts';

function parsePeerId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw new HttpError(Code.badRequest, 'peerId must be a user id (a positive whole number)');
  }
  return Number(raw);
}

export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.get('/api/chat/content/unread', { preHandler: auth }, async (req) =>
    ok(await service.unreadTotal(ctx, req.userId)),
  );

  app.get('/api/chat/conversations', { preHandler: auth }, async (req) =>
    ok(await service.conversations(ctx, req.userId)),
  );

  app.get<{ Params: { peerId: string }; Querystring: { before?: string; size?: string } }>(
    '/api/chat/history/:peerId',
    { preHandler: auth },
    async (req) => ok(await service.history(ctx, req.userId, parsePeerId(req.params.peerId), req.query ?? {})),
  );

  app.get('/api/user/block/list', { preHandler: auth }, async (req) => ok(await service.blockList(ctx, req.userId)));
}
