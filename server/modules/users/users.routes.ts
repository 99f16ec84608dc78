/** HTTP face of docs/api.md, Users (profile part). */
import type { FastifyInstance } from 'fastify';
import { updateBody } from '#protocol/auth.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import { memberLimitHook } from '../../plugins/rate-limit.ts';
import { parseUserId } from './users.rules.ts';
import * as service from './users.service.ts';

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  const info = requireAuth(ctx.db, ctx.now, { refreshesPermissions: true });
  const readInfo = service.createUserInfoReader(ctx);
  app.get('/api/system/user/info', { preHandler: info }, async (req) => ok(await readInfo(req.userId)));

  app.put(
    '/api/system/user/update',
    { preHandler: [auth, memberLimitHook(ctx.limits.profile, ctx.now)] },
    async (req) => ok(await service.updateProfile(ctx, req.userId, parseBody(updateBody, req.body))),
  );

  app.get<{ Params: { userId: string } }>('/api/system/user/base/:userId', { preHandler: auth }, async (req) =>
    ok(await service.getBaseUser(ctx, parseUserId(req.params.userId))),
  );
}
