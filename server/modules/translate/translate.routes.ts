/** HTTP face of translation (docs/api.md, Translation): preview, translating a message or a draft, as frames do. */
import type { FastifyInstance } from 'fastify';
import { transMessageFrame, transPreviewSchema, transTextFrame } from '#protocol/translation-schemas.ts';
import { idText, MAX_SAFE_ID } from '#protocol/validators.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody, parseInput } from '../../plugins/errors.ts';
import * as service from './translate.service.ts';

const msgIdText = idText('msgId', 'a message id', MAX_SAFE_ID);

export function translateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);

  app.get<{ Querystring: Record<string, string> }>('/api/chat/trans/preview', { preHandler: auth }, async (req) => {
    const query: Record<string, unknown> = { ...(req.query ?? {}) };
    // A query carries the id as digits; bodies and frames send it as a JSON number.
    if (query.msgId !== undefined) query.msgId = parseInput(msgIdText, query.msgId);
    return ok(await service.preview(ctx, req.userId, parseBody(transPreviewSchema(query), query)));
  });

  app.post('/api/chat/trans', { preHandler: auth }, async (req) =>
    ok(await service.translateMessage(ctx, req.userId, parseBody(transMessageFrame, req.body))),
  );

  app.post('/api/chat/trans/text', { preHandler: auth }, async (req) =>
    ok(await service.translateDraft(ctx, req.userId, parseBody(transTextFrame, req.body))),
  );
}
