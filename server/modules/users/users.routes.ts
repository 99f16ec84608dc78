/** HTTP face of api.md Users (profile part). */
import type { FastifyInstance } from 'fastify';
import { updateBody } from '#protocol/auth.ts';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { HttpError, ok, parseBody } from '../../plugins/errors.ts';
import * as service from './users.service.ts';

export function parseUserId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw new HttpError(Code.badRequest, 'userId must be a positive whole number');
  }
  return Number(raw);
}

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.get('/api/system/user/info', { preHandler: auth }, async (req) => ok(await service.getUserInfo(ctx, req.userId)));

  app.put('/api/system/user/update', { preHandler: auth }, async (req) =>
    ok(await service.updateProfile(ctx, req.userId, parseBody(updateBody, req.body))),
  );

  app.get<{ Params: { userId: string } }>('/api/system/user/base/:userId', { preHandler: auth }, async (req) =>
    ok(await service.getBaseUser(ctx, parseUserId(req.params.userId))),
  );
}
