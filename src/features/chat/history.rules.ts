/**
 * Pure rules for history shown from the cache first and reconciled with the server after: when a refetch must walk
 * further back to meet what was cached, and how the cached and fetched messages combine without duplicates or
 * silent holes.
 */
import type { Message } from '#protocol/chat.ts';
import { mergeMessages } from './chat.rules.ts';

/** The newest id we already hold (cached or loaded), or undefined. */
export function newestId(messages: readonly Message[]): number | undefined {
  let max: number | undefined;
  for (const m of messages) if (max === undefined || m.id > max) max = m.id;
  return max;
}

/**
 * After fetching pages newest-first (`fetched` oldest first), must we fetch one more page below it? Yes while the
 * last page was full and the fetched range still starts above what we held: the messages between would be missing.
 */
export function needsCatchUp(
  fetched: readonly Message[],
  lastPageLength: number,
  pageSize: number,
  heldNewest: number | undefined,
): boolean {
  if (heldNewest === undefined || lastPageLength < pageSize || fetched.length === 0) return false;
  return fetched[0]!.id > heldNewest;
}

/**
 * Combines what we held with the server's newest pages. `reached` says the fetched range meets or overlaps what we
 * held; when it does not (too much was missed to catch up), the older held messages are dropped from view so the
 * list never shows a silent hole; they are fetched again, from the server, when the member scrolls up.
 */
export function reconcileNewest(held: readonly Message[], fetched: readonly Message[], reached: boolean): Message[] {
  if (fetched.length === 0) return held as Message[];
  if (reached) return mergeMessages(held, fetched);
  const from = fetched[0]!.id;
  return mergeMessages(
    held.filter((m) => m.id >= from),
    fetched,
  );
}
