/**
 * Order batches: group commits (db/group-commit.ts, as the chat writer does for messages) for the two writes every
 * purchase makes. Opening (status 1) and settling (4) each wait for the batch they join: one transaction opens or
 * settles them all, a few set-based statements whatever their number, and each caller is answered after that commit
 * (a settled order's messages delivered then). With 200 members paying at once, a transaction per step queued every
 * payment behind every other on PGlite's one connection.
 *
 * A batch that fails on its data (a capture id another order already used: unique) is written again in halves,
 * down to the one item that fails, which alone is refused (402, nothing credited); every other item is written.
 */
import type { Order } from '#protocol/commerce.ts';
import type { AppContext } from '../../context.ts';
import { type Db, uniqueViolation } from '../../db/database.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { paymentRequired } from '../../domain/errors.ts';
import {
  CAPTURE_USED,
  type Opened,
  type Opening,
  openBatch,
  type Settled,
  type Settlement,
  settleBatch,
} from './ledger.ts';
import type { OrderRow } from './orders.repository.ts';

export interface OrderBatches {
  /** Opens one order (status 1), or answers the one a retried 1 made: the stored row, or the refusal thrown. */
  open(item: Opening): Promise<OrderRow>;
  /** Settles one completion with whatever else is queued: the completed order, or the refusal thrown. */
  settle(item: Settlement): Promise<Order>;
  /** Writes what is queued, then refuses new work. */
  close(): Promise<void>;
}

export function createOrderBatches(
  db: Db,
  context: () => AppContext,
  options: { lingerMs?: number; onError?: (error: unknown) => void } = {},
): OrderBatches {
  const common = { db, lingerMs: options.lingerMs ?? 1, onError: options.onError };
  const openings = createGroupCommit<Opening, Opened>({
    ...common,
    // Its one write is the insert of every order: reads before it need no transaction.
    transaction: false,
    store: (db, items) => openBatch(context(), db, items),
    unstorable: (_item, error) => {
      throw error;
    },
    name: 'order opener',
  });
  const settlements = createGroupCommit<Settlement, Settled>({
    ...common,
    store: (trx, items) => settleBatch(context(), trx, items),
    unstorable: (_item, error) => {
      if (uniqueViolation(error)) return { error: paymentRequired(CAPTURE_USED) };
      throw error;
    },
    name: 'settler',
  });
  return {
    async open(item) {
      const outcome = await openings.submit(item);
      if ('error' in outcome) throw outcome.error;
      return outcome.row;
    },
    async settle(item) {
      const outcome = await settlements.submit(item);
      if ('error' in outcome) throw outcome.error;
      for (const deliver of outcome.deliveries) deliver();
      return outcome.order;
    },
    async close() {
      await openings.close();
      await settlements.close();
    },
  };
}
