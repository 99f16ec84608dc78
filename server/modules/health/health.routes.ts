/** Load balancers and scripts wait on this: 200 while the database answers, 503 otherwise. */
import type { FastifyInstance } from 'fastify';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import { isDatabaseReachable } from '../../db/database.ts';
import { ok } from '../../plugins/errors.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async (_req, reply) => {
    if (await isDatabaseReachable(ctx.db)) return ok({ status: 'ok' });
    return reply
      .code(Code.unavailable)
      .send({ code: Code.unavailable, message: 'database unreachable', data: { status: 'down' } });
  });
}
