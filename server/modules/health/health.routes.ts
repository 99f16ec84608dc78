/**
 * Load balancers and scripts wait on this: 200 while the database answers and the bus (Redis, when REDIS_URL is set)
 * is connected, 503 naming what is down otherwise (plugins/availability.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '#protocol/codes.ts';
import type { AppContext } from '../../context.ts';
import type { Availability } from '../../plugins/availability.ts';
import { ok } from '../../plugins/errors.ts';

export function healthRoutes(app: FastifyInstance, _ctx: AppContext, availability: Availability): void {
  app.get('/health', async (_req, reply) => {
    const parts = await availability.check();
    if (parts.database && parts.redis) return ok({ status: 'ok' });
    const down = [!parts.database && 'database', !parts.redis && 'redis'].filter(Boolean).join(' and ');
    return reply
      .code(Code.unavailable)
      .header('Retry-After', '1')
      .send({ code: Code.unavailable, message: `${down} unreachable`, data: { status: 'down', ...parts } });
  });
}
