/**
 * Pure rules for the open conversation's log: stored messages and pending ones in one timeline with day separators,
 * and the delivery state a bubble of mine shows. Only the message pane uses them, so they load with it.
 */
import type { Message } from '#protocol/chat.ts';
import type { OutboxRecord } from './outbox.rules.ts';

/** What the member sees on a bubble of their own. */
export type DeliveryState = 'queued' | 'uploading' | 'sending' | 'sent' | 'read' | 'failed';

export function deliveryOf(message: Message): DeliveryState {
  return message.readAt ? 'read' : 'sent';
}

export type TimelineItem =
  | { kind: 'day'; key: string; day: string }
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'pending'; key: string; record: OutboxRecord };

/** Local calendar day, 'YYYY-MM-DD': separators follow the reader's clock, not UTC. */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Stored messages plus my pending ones for a peer, oldest first, with a day separator where the day changes.
 * A pending record whose clientId is already stored is the same message: the stored one wins.
 */
export function buildTimeline(messages: readonly Message[], pending: readonly OutboxRecord[]): TimelineItem[] {
  const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
  type Entry = { at: string; item: TimelineItem };
  const entries: Entry[] = messages.map((m) => ({
    at: m.createdAt,
    item: { kind: 'message', key: `m${m.id}`, message: m },
  }));
  for (const r of pending) {
    if (!stored.has(r.clientId))
      entries.push({ at: r.createdAt, item: { kind: 'pending', key: r.clientId, record: r } });
  }
  // Pending ones stay after stored ones of the same instant: they were typed last.
  entries.sort((a, b) => a.at.localeCompare(b.at));
  const out: TimelineItem[] = [];
  let lastDay = '';
  for (const e of entries) {
    const day = dayOf(e.at);
    if (day !== lastDay) out.push({ kind: 'day', key: `d${day}`, day });
    lastDay = day;
    out.push(e.item);
  }
  return out;
}
