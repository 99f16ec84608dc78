/** HTTP face of docs/api.md, Staff: every route takes a signed-in staff account holding the route's permission tag. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS, type Permission } from '#protocol/staff.ts';
import { grantBody, planEditBody, resolveBody, specEditBody, suspendBody } from '#protocol/staff-schemas.ts';
import { idText } from '#protocol/validators.ts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok, parseBody, parseInput } from '../../plugins/errors.ts';
import { parseUserId } from '../users/users.rules.ts';
import * as service from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The acting staff member on /api/staff routes. */
    staff: service.Actor | null;
  }
}

const permissionsBody = z.object({
  permissions: z
    .array(z.enum(PERMISSIONS, { error: `permissions must hold only ${PERMISSIONS.join(', ')}` }), {
      error: 'permissions must be a list of tags',
    })
    .max(PERMISSIONS.length, { error: 'permissions must hold each tag once' }),
});
const levelName = z.string().min(1).max(20);

export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('staff', null);
  const auth = requireAuth(ctx.db, ctx.now);
  const as = (tag: Permission) => ({
    preHandler: [
      auth,
      async (req: FastifyRequest) => {
        req.staff = await service.requirePermission(ctx, req.userId, tag);
      },
    ],
  });
  const actor = (req: FastifyRequest) => req.staff!;
  type Id = { Params: { id: string } };
  const reportId = (req: FastifyRequest<Id>) => parseInput(idText('id', 'a report id'), req.params.id);
  const memberId = (req: FastifyRequest<Id>) => parseUserId(req.params.id, 'id');

  app.get('/api/staff/reports', as('report:read'), async (req) => ok(await service.reports(ctx, req.query)));
  app.post<Id>('/api/staff/reports/:id/resolve', as('report:resolve'), async (req) =>
    ok(await service.resolveReport(ctx, actor(req), reportId(req), parseBody(resolveBody, req.body))),
  );
  app.get<Id>('/api/staff/members/:id/activity', as('report:read'), async (req) =>
    ok(await service.activity(ctx, memberId(req))),
  );

  app.get('/api/staff/members', as('member:read'), async (req) => ok(await service.members(ctx, req.query)));
  app.get<Id>('/api/staff/members/:id', as('member:read'), async (req) => ok(await service.member(ctx, memberId(req))));
  app.post<Id>('/api/staff/members/:id/suspend', as('member:suspend'), async (req) => {
    const body = parseBody(suspendBody, req.body);
    return ok(await service.suspend(ctx, actor(req), memberId(req), body.days, body.note));
  });
  app.post<Id>('/api/staff/members/:id/restore', as('member:suspend'), async (req) =>
    ok(await service.restore(ctx, actor(req), memberId(req))),
  );
  app.post<Id>('/api/staff/members/:id/grant', as('balance:grant'), async (req) =>
    ok(await service.grant(ctx, actor(req), memberId(req), parseBody(grantBody, req.body))),
  );
  app.put<Id>('/api/staff/members/:id/permissions', as('staff:admin'), async (req) => {
    const body = parseBody(permissionsBody, req.body);
    return ok(await service.setPermissions(ctx, actor(req), memberId(req), [...new Set(body.permissions)]));
  });

  app.get('/api/staff/audit', as('audit:read'), async (req) => ok(await service.audit(ctx, req.query)));

  app.get('/api/staff/catalogue', as('catalog:edit'), async () => ok(await service.catalogue(ctx)));
  app.put<Id>('/api/staff/catalogue/packages/:id', as('catalog:edit'), async (req) => {
    const id = parseInput(idText('id', 'a package id'), req.params.id);
    return ok(await service.editSpec(ctx, actor(req), id, parseBody(specEditBody, req.body)));
  });
  app.put<{ Params: { level: string } }>('/api/staff/catalogue/plans/:level', as('catalog:edit'), async (req) => {
    const level = parseInput(levelName, req.params.level);
    return ok(await service.editPlan(ctx, actor(req), level, parseBody(planEditBody, req.body)));
  });
}
