/** SQL of the sandbox provider's orders (table sandbox_orders, migration 0007). */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface SandboxRow {
  id: string;
  custom_id: string;
  amount: string;
  currency: string;
  status: string;
  capture_id: string | null;
}

export async function insertSandboxOrder(
  db: Db,
  o: { id: string; customId: string; amount: string; currency: string },
): Promise<SandboxRow> {
  return db
    .insertInto('sandbox_orders')
    .values({
      id: o.id,
      custom_id: o.customId,
      amount: o.amount,
      currency: o.currency,
      status: 'CREATED',
      capture_id: null,
      capture_request_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSandboxOrder(db: Db, id: string): Promise<SandboxRow | undefined> {
  return db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function approveSandboxOrder(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sandbox_orders')
    .set({ status: 'APPROVED' })
    .where('id', '=', id)
    .where('status', '=', 'CREATED')
    .execute();
}

/** APPROVED → COMPLETED once (a conditional update): the row when this call captured it. */
export async function captureSandboxOrder(
  db: Db,
  id: string,
  captureId: string,
  requestId: string | undefined,
): Promise<SandboxRow | undefined> {
  const { rows } = await sql<SandboxRow>`
    update sandbox_orders set status = 'COMPLETED', capture_id = ${captureId}, capture_request_id = ${requestId ?? null}
    where id = ${id} and status = 'APPROVED' returning *`.execute(db);
  return rows[0];
}
