/**
 * The reconciler's timer: one per server instance, started by app.ts and stopped when it closes. Each pass
 * (commerce.service reconcile) is idempotent, so instances running it side by side credit nothing twice.
 */
import type { AppContext } from '../../context.ts';
import { reconcile } from './commerce.service.ts';

export const RECONCILE_EVERY_MS = 60_000;

export function startReconciler(ctx: AppContext, everyMs = RECONCILE_EVERY_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcile(ctx, { provider: ctx.payment })
      .catch((error) => ctx.log.error({ err: error }, 'reconciler pass failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
