/** HTTP face of docs/api.md, Users: likes, visitors, reports, search and meet. */
import type { FastifyInstance } from 'fastify';
import { likeAddBody, reportAddBody, visitorAddBody } from '#protocol/social.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import { parseUserId } from '../users/users.rules.ts';
import { keywordOf, pageQuery } from './social.rules.ts';
import * as service from './social.service.ts';

export function socialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: requireAuth(ctx.db, ctx.now) };

  app.get<{ Params: { userId: string } }>('/api/user/like/user/:userId', auth, async (req) =>
    ok(await service.isLiked(ctx, req.userId, parseUserId(req.params.userId))),
  );
  app.post('/api/user/like/add', auth, async (req) => {
    const body = parseBody(likeAddBody, req.body);
    return ok(await service.setLike(ctx, req.userId, body.userId, body.like));
  });
  app.get('/api/user/like/me', auth, async (req) =>
    ok(await service.likes(ctx, req.userId, 'me', pageQuery(req.query))),
  );
  app.get('/api/user/like/mine', auth, async (req) =>
    ok(await service.likes(ctx, req.userId, 'mine', pageQuery(req.query))),
  );

  app.post('/api/user/visitor/add', auth, async (req) =>
    ok(await service.addVisit(ctx, req.userId, parseBody(visitorAddBody, req.body).userId)),
  );
  app.get('/api/user/visitor/list', auth, async (req) =>
    ok(await service.visitors(ctx, req.userId, pageQuery(req.query))),
  );

  app.post('/api/system/report/add', auth, async (req) => {
    const body = parseBody(reportAddBody, req.body);
    return ok(await service.report(ctx, req.userId, body.reportedId, body.type));
  });

  app.get('/api/system/user/search', auth, async (req) =>
    ok(await service.search(ctx, req.userId, keywordOf(req.query), pageQuery(req.query))),
  );
  app.get('/api/system/user/meet', auth, async (req) => ok(await service.meet(ctx, req.userId, pageQuery(req.query))));
}
