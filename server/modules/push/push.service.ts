/**
 * Web Push use cases: devices subscribe and unsubscribe (docs/api.md, Push), and `createPushNotifier` tells a member
 * about a message, a gift, a like or a visit on every device that asked for it, only while no socket of theirs is
 * live. Sending is fire and forget: failures are retried with back-off, a device the push service forgot is deleted.
 */
import { PUSH_EVENTS, PUSH_TTL_SECONDS } from '#protocol/push.ts';
import type { PushRenewBody, PushSubscriptionBody } from '#protocol/push-schemas.ts';
import type { PushTarget, PushTransport } from '../../adapters/push/web-push.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './push.repository.ts';
import {
  type MemberEvent,
  outcomeOf,
  pushPayload,
  RETRY_DELAYS_MS,
  SOCIAL_PUSH_GAP_MS,
  urgencyOf,
} from './push.rules.ts';

export function subscribe(db: Db, userId: number, body: PushSubscriptionBody, at: Date): Promise<void> {
  const events = [...new Set(body.events ?? PUSH_EVENTS)];
  return repo.upsertSubscription(db, userId, { endpoint: body.endpoint, ...body.keys, events }, at);
}

export function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  return repo.deleteSubscription(db, userId, endpoint);
}

/** No token: knowing the old endpoint (a secret only the browser and we hold) is the proof. */
export function renew(db: Db, body: PushRenewBody, at: Date): Promise<void> {
  return repo.renewSubscription(db, body.oldEndpoint, { endpoint: body.endpoint, ...body.keys }, at);
}

export interface PushNotifier {
  /** Tells the member about the event, unless they are online, suspended or blocked either way. Never throws. */
  notify(event: MemberEvent): void;
  /** Stops retrying and waits for the pushes under way. */
  close(): Promise<void>;
}

export interface NotifierDeps {
  db: Db;
  transport: PushTransport;
  /** Whether any socket of the member is live, on any instance (the hub knows). */
  isOnline(userId: number): Promise<boolean>;
  /** Whether the member is suspended: a suspended member gets no push (app.ts asks the staff module). */
  isSuspended?(userId: number): Promise<boolean>;
  onError(error: unknown, what: string): void;
  now(): Date;
  /** Back-off between attempts (tests shorten it). */
  retryDelaysMs?: readonly number[];
}

const MAX_THROTTLE_KEYS = 50_000;

export function createPushNotifier(deps: NotifierDeps): PushNotifier {
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  /** Back-off waits under way; closing ends them at once (the loop then sees `closed`). */
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  /** When a like or visit from one member to another was last pushed (this instance). */
  const lastSocial = new Map<string, number>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  const throttled = (event: MemberEvent): boolean => {
    if (event.event !== 'like' && event.event !== 'visit') return false;
    const key = `${event.event}:${event.fromId}:${event.toId}`;
    const now = deps.now().getTime();
    const last = lastSocial.get(key);
    if (last !== undefined && now - last < SOCIAL_PUSH_GAP_MS) return true;
    lastSocial.delete(key);
    lastSocial.set(key, now);
    // A Map keeps insertion order: the oldest entry goes first.
    if (lastSocial.size > MAX_THROTTLE_KEYS) lastSocial.delete(lastSocial.keys().next().value as string);
    return false;
  };

  async function deliver(target: PushTarget, payload: string, urgency: 'high' | 'normal'): Promise<void> {
    for (let attempt = 0; !closed; attempt++) {
      let status: number | undefined;
      try {
        status = await deps.transport.send(target, payload, { ttlSeconds: PUSH_TTL_SECONDS, urgency });
      } catch (error) {
        if (attempt >= delays.length) deps.onError(error, 'push service unreachable');
      }
      const outcome = outcomeOf(status);
      if (outcome === 'gone') await repo.deleteEndpoint(deps.db, target.endpoint);
      if (outcome === 'drop') deps.onError(new Error(`push service answered ${status}`), 'push refused');
      if (outcome !== 'retry' || attempt >= delays.length) return;
      await wait(delays[attempt]!);
    }
  }

  async function send(event: MemberEvent): Promise<void> {
    if (await deps.isOnline(event.toId)) return;
    if (await deps.isSuspended?.(event.toId)) return;
    const sender = await repo.senderFor(deps.db, event.fromId, event.toId);
    // Counted only once it would be sent: a like made while blocked does not silence the one after unblocking.
    if (!sender || throttled(event)) return;
    const targets = await repo.subscriptionsFor(deps.db, event.toId, event.event);
    if (targets.length === 0) return;
    const payload = pushPayload(event, sender);
    await Promise.all(targets.map((target) => deliver(target, payload, urgencyOf(event.event))));
  }

  return {
    notify(event) {
      if (closed || event.fromId === event.toId) return;
      const job = send(event)
        .catch((error: unknown) => deps.onError(error, 'push failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async close() {
      closed = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      await Promise.allSettled([...pending]);
    },
  };
}
