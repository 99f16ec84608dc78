/** HTTP face of docs/api.md, Moments: the square, a member's moments, posting and deleting one's own. */
import type { FastifyInstance } from 'fastify';
import { momentAddBody, momentPageQuery, pageDefaults } from '#protocol/moment.ts';
import { idText, MAX_SAFE_ID } from '#protocol/validators.ts';
import { createStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody, parseInput } from '../../plugins/errors.ts';
import { parseUserId } from '../users/users.rules.ts';
import * as service from './moments.service.ts';

const pageOf = (query: unknown) =>
  pageDefaults(parseInput(momentPageQuery, typeof query === 'object' && query !== null ? query : {}));

const momentId = idText('id', 'a moment id', MAX_SAFE_ID);

export function momentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireAuth(ctx.db, ctx.now) };
  const storage = createStorage(ctx.config);
  const addBody = momentAddBody();

  app.get('/api/moment/square', auth, async (req) =>
    ok(await service.page(ctx, storage, req.userId, pageOf(req.query))),
  );
  app.get<{ Params: { userId: string } }>('/api/moment/user/:userId', auth, async (req) =>
    ok(await service.page(ctx, storage, req.userId, pageOf(req.query), parseUserId(req.params.userId))),
  );
  app.post('/api/moment/add', auth, async (req) =>
    ok(await service.add(ctx, storage, req.userId, parseBody(addBody, req.body))),
  );
  app.delete<{ Params: { id: string } }>('/api/moment/:id', auth, async (req) =>
    ok(await service.remove(ctx, req.userId, parseInput(momentId, req.params.id))),
  );
}
