/** HTTP face of docs/api.md, Commerce: the catalogue and pay config (no token), purchases, the sandbox, the webhook. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CURRENCY } from '#protocol/commerce.ts';
import { ORDER_ID_PATTERN } from '#protocol/commerce-schemas.ts';
import { safeText } from '#protocol/validators.ts';
import type { WebhookHeaders } from '../../adapters/payment/provider.ts';
import {
  approveSandboxOrder,
  captureSandboxOrder,
  createSandboxOrder,
  getSandboxOrder,
  sandboxSigningKey,
  signSandboxEvent,
} from '../../adapters/payment/sandbox.ts';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody, parseInput } from '../../plugins/errors.ts';
import { parseUserId } from '../users/users.rules.ts';
import { memberConfigs, packages } from './catalogue.repository.ts';
import * as service from './commerce.service.ts';

const sandboxId = z.string().regex(ORDER_ID_PATTERN, { error: 'id must be a sandbox order id' });
const sandboxCreate = z.object({
  amount: z.union([z.number(), z.string()]).optional(),
  currency: z.literal(CURRENCY, { error: 'currency must be USD' }).default(CURRENCY),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().max(127).optional(),
        amount: z.object({ currency_code: z.string(), value: z.string() }),
      }),
    )
    .optional(),
});
const sandboxApprove = z.object({
  cardNumber: safeText('cardNumber', 32),
});

export function commerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);
  const commerce = { provider: ctx.payment };

  app.get('/api/system/character/spec/all', async () => ok(await packages(ctx.db, 'character')));
  app.get('/api/system/gold/spec/all', async () => ok(await packages(ctx.db, 'gold')));
  app.get('/api/system/member/config', async () => ok(await memberConfigs(ctx.db)));
  app.get('/api/pay/config', async () => ok(service.payConfig(ctx)));

  app.post<{ Params: { type: string } }>('/api/buy/:type', { preHandler: auth }, async (req) =>
    ok(await service.buy(ctx, commerce, req.userId, service.parseBuyType(req.params.type), undefined, req.body)),
  );
  app.post<{ Params: { type: string; targetId: string } }>(
    '/api/buy/:type/:targetId',
    { preHandler: auth },
    async (req) => {
      const type = service.parseBuyType(req.params.type);
      const targetId = parseUserId(req.params.targetId, 'targetId');
      return ok(await service.buy(ctx, commerce, req.userId, type, targetId, req.body));
    },
  );

  // PayPal signs what it sends; the signature is checked by its verify API (or the sandbox's own key).
  app.post('/api/pay/paypal/webhook', async (req) => {
    if (typeof req.body !== 'object' || req.body === null) throw invalid('The request body must be a JSON object');
    const result = await service.receiveWebhook(ctx, commerce, req.headers as WebhookHeaders, req.body);
    return ok(result);
  });

  if (ctx.config.payment.provider !== 'sandbox') return;

  // The sandbox provider's Orders v2 face: the test card form approves, anyone signed in may read and capture.
  app.post('/api/pay/sandbox/orders', { preHandler: auth }, async (req) => {
    const body = parseBody(sandboxCreate, req.body);
    const unit = body.purchase_units?.[0];
    const value = unit?.amount.value ?? (body.amount === undefined ? undefined : String(body.amount));
    if (value === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
      throw invalid('amount must be a positive USD amount such as 9.99');
    }
    if (unit && unit.amount.currency_code !== CURRENCY) throw invalid('currency must be USD');
    return ok(await createSandboxOrder(ctx.db, { customId: unit?.custom_id ?? '', amount: value, currency: CURRENCY }));
  });
  app.get<{ Params: { id: string } }>('/api/pay/sandbox/orders/:id', { preHandler: auth }, async (req) => {
    const order = await getSandboxOrder(ctx.db, parseInput(sandboxId, req.params.id));
    if (!order) throw notFound('No such sandbox order');
    return ok(order);
  });
  app.post<{ Params: { id: string } }>('/api/pay/sandbox/orders/:id/approve', { preHandler: auth }, async (req) => {
    const { cardNumber } = parseBody(sandboxApprove, req.body);
    const result = await approveSandboxOrder(ctx.db, parseInput(sandboxId, req.params.id), cardNumber);
    if (!result) throw notFound('No such sandbox order');
    if (result.declined) throw invalid('The test card was declined: use 4111 1111 1111 1111');
    return ok(result.order);
  });
  app.post<{ Params: { id: string } }>(
    '/api/pay/sandbox/orders/:id/capture',
    { preHandler: auth },
    async (req, reply) => {
      const requestId = req.headers['paypal-request-id'];
      const result = await captureSandboxOrder(
        ctx.db,
        parseInput(sandboxId, req.params.id),
        typeof requestId === 'string' ? requestId : undefined,
      );
      if (result.status === 404) throw notFound('No such sandbox order');
      if (result.issue) {
        return reply.code(422).send({ code: 422, message: result.issue, data: result.order ?? null });
      }
      // Like PayPal, the sandbox then tells the webhook about the capture, signed, through the same verification.
      const order = result.order!;
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      const event = {
        id: `WH-SB-${randomUUID()}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        create_time: ctx.now().toISOString(),
        resource: { ...capture, supplementary_data: { related_ids: { order_id: order.id } } },
      };
      setImmediate(() => {
        const headers = signSandboxEvent(sandboxSigningKey(ctx.config.sessionSecret), event, ctx.now());
        service
          .receiveWebhook(ctx, commerce, headers, event)
          .catch((error) => ctx.log.warn({ err: error }, 'sandbox webhook failed'));
      });
      return ok(order);
    },
  );
}
