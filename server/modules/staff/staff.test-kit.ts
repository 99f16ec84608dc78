/** Test helpers of the staff tests (tests only): staff accounts with chosen tags and calls with any verb. */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '#protocol/staff.ts';
import { bearer, call, type JsonResponse } from '../../test-helper.ts';
import { type Member, member, ROOT } from '../social/social.test-kit.ts';
import { setPermissions } from './staff.repository.ts';

/** A new member made staff with these tags (none: staff without any tag). */
export async function staff(app: FastifyInstance, tags: readonly Permission[]): Promise<Member> {
  const m = await member(app);
  await app.amity.db.transaction().execute((trx) => setPermissions(trx, m.id, tags));
  // setPermissions marks live sessions; this one was made before, so let its next request pass.
  await app.amity.db.updateTable('sessions').set({ permissions_changed: false }).where('user_id', '=', m.id).execute();
  return m;
}

export function send(
  app: FastifyInstance,
  who: Member | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<JsonResponse> {
  return call(app, {
    method,
    url: `${ROOT}${url}`,
    headers: who ? bearer(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
