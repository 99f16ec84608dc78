/** HTTP face of translation (api.md): the preview, and translating a message or a draft, as the socket frames do. */
import type { FastifyInstance } from 'fastify';
import { transMessageFrame, transPreviewSchema, transTextFrame } from '#protocol/translation-schemas.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody } from '../../plugins/errors.ts';
import * as service from './translate.service.ts';

export function translateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.get<{ Querystring: Record<string, string> }>('/api/chat/trans/preview', { preHandler: auth }, async (req) => {
    const query = { ...(req.query ?? {}) };
    return ok(await service.preview(ctx, req.userId, parseBody(transPreviewSchema(query), query)));
  });

  app.post('/api/chat/trans', { preHandler: auth }, async (req) =>
    ok(await service.translateMessage(ctx, req.userId, parseBody(transMessageFrame, req.body))),
  );

  app.post('/api/chat/trans/text', { preHandler: auth }, async (req) =>
    ok(await service.translateDraft(ctx, req.userId, parseBody(transTextFrame, req.body))),
  );
}
