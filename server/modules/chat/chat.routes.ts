/** HTTP face of docs/api.md, Chat over REST, and the block list. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { parseUserId } from '../users/users.rules.ts';
import * as service from './chat.service.ts';

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
    async (req) =>
      ok(await service.history(ctx, req.userId, parseUserId(req.params.peerId, 'peerId'), req.query ?? {})),
  );

  app.get('/api/user/block/list', { preHandler: auth }, async (req) => ok(await service.blockList(ctx, req.userId)));
}
