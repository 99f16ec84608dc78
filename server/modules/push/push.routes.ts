/** HTTP face of docs/api.md, Push: the VAPID public key, and a device's subscription added or removed. */
import type { FastifyInstance } from 'fastify';
import { pushRenewBody, pushSubscriptionBody, pushUnsubscribeBody } from '#protocol/push-schemas.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import * as service from './push.service.ts';

export function pushRoutes(app: FastifyInstance, ctx: AppContext, vapidPublicKey: string): void {
  const auth = { preHandler: requireAuth(ctx.db, ctx.now) };

  app.get('/api/push/key', async () => ok(vapidPublicKey));
  app.post('/api/push/subscription', auth, async (req) => {
    await service.subscribe(ctx.db, req.userId, parseBody(pushSubscriptionBody, req.body), ctx.now());
    return ok(null);
  });
  // The service worker's pushsubscriptionchange: it holds no token.
  app.put('/api/push/subscription', async (req) => {
    await service.renew(ctx.db, parseBody(pushRenewBody, req.body), ctx.now());
    return ok(null);
  });
  app.delete('/api/push/subscription', auth, async (req) => {
    await service.unsubscribe(ctx.db, req.userId, parseBody(pushUnsubscribeBody, req.body).endpoint);
    return ok(null);
  });
}
