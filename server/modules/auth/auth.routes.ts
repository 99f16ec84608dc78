/** HTTP face of docs/api.md, Authentication: validate, call the service, wrap in the envelope. */
import type { FastifyInstance } from 'fastify';
import {
  codeBody,
  emailChangeBody,
  emailCodeBody,
  loginBody,
  passwordBody,
  registerBody,
  resetBody,
} from '#protocol/auth.ts';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import { authLimitHook, loginFailureKey, memberLimitHook, throttleFailures } from '../../plugins/rate-limit.ts';
import * as service from './auth.service.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.post(
    '/api/system/user/register',
    { preHandler: authLimitHook(ctx.limits, 'register', 'email', ctx.now) },
    async (req) => ok(await service.register(ctx, parseBody(registerBody, req.body))),
  );

  // Per IP for every attempt; wrong passwords per account and IP together (docs/api.md, Rate limits).
  app.post(
    '/api/system/user/login',
    { preHandler: authLimitHook(ctx.limits, 'login', undefined, ctx.now) },
    async (req) => {
      const body = parseBody(loginBody, req.body);
      return ok(
        await throttleFailures(
          ctx.limits.loginFailures,
          loginFailureKey(body.keyword, req.ip),
          ctx.now().getTime(),
          () => service.login(ctx, body),
          (error) => error instanceof DomainError && error.message === service.WRONG_CREDENTIALS,
        ),
      );
    },
  );

  app.post('/api/system/user/logout', { preHandler: auth }, async (req) => {
    await service.logout(ctx, req.token);
    return ok(null);
  });

  app.post(
    '/api/system/user/code',
    { preHandler: authLimitHook(ctx.limits, 'code', 'email', ctx.now) },
    async (req) => {
      await service.sendResetCode(ctx, parseBody(codeBody, req.body).email);
      return ok(null);
    },
  );

  app.post(
    '/api/system/user/reset',
    { preHandler: authLimitHook(ctx.limits, 'reset', 'email', ctx.now) },
    async (req) => {
      await service.resetPassword(ctx, parseBody(resetBody, req.body));
      return ok(null);
    },
  );

  const profile = { preHandler: [auth, memberLimitHook(ctx.limits.profile, ctx.now)] };

  app.post('/api/system/user/email/code', profile, async (req) => {
    await service.requestEmailChange(ctx, req.userId, parseBody(emailCodeBody, req.body));
    return ok(null);
  });

  app.put('/api/system/user/email', profile, async (req) => {
    await service.confirmEmailChange(ctx, req.userId, parseBody(emailChangeBody, req.body));
    return ok(null);
  });

  app.put('/api/system/user/password', { preHandler: auth }, async (req) => {
    const body = parseBody(passwordBody, req.body);
    await service.changePassword(ctx, req.userId, req.token, body.oldPassword, body.newPassword);
    return ok(null);
  });
}
