/** HTTP face of docs/api.md, Authentication: validate, call the service, wrap in the envelope. */
import type { FastifyInstance } from 'fastify';
import { codeBody, loginBody, passwordBody, registerBody, resetBody } from '#protocol/auth.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import { authLimitHook } from '../../plugins/rate-limit.ts';
import * as service from './auth.service.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.post('/api/system/user/register', { preHandler: authLimitHook(ctx.limits, 'register', 'email') }, async (req) =>
    ok(await service.register(ctx, parseBody(registerBody, req.body))),
  );

  app.post('/api/system/user/login', { preHandler: authLimitHook(ctx.limits, 'login', 'keyword') }, async (req) =>
    ok(await service.login(ctx, parseBody(loginBody, req.body))),
  );

  app.post('/api/system/user/logout', { preHandler: auth }, async (req) => {
    await service.logout(ctx, req.token);
    return ok(null);
  });

  app.post('/api/system/user/code', { preHandler: authLimitHook(ctx.limits, 'code', 'email') }, async (req) => {
    await service.sendResetCode(ctx, parseBody(codeBody, req.body).email);
    return ok(null);
  });

  app.post('/api/system/user/reset', { preHandler: authLimitHook(ctx.limits, 'reset', 'email') }, async (req) => {
    await service.resetPassword(ctx, parseBody(resetBody, req.body));
    return ok(null);
  });

  app.put('/api/system/user/password', { preHandler: auth }, async (req) => {
    const body = parseBody(passwordBody, req.body);
    await service.changePassword(ctx, req.userId, body.oldPassword, body.newPassword);
    return ok(null);
  });
}
