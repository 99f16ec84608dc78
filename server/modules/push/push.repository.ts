/** SQL of Web Push: the devices' subscriptions, and what a push needs to know about its sender and receiver. */
import { sql, type Transaction } from 'kysely';
import { MAX_PUSH_SUBSCRIPTIONS, type PushEvent } from '#protocol/push.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  events: readonly PushEvent[];
}

/**
 * Stores the device for `userId` (an endpoint already known moves to them: whoever signed in there last), then keeps
 * only the member's MAX_PUSH_SUBSCRIPTIONS most recently registered devices.
 */
export async function upsertSubscription(db: Executor, userId: number, sub: SubscriptionInput, at: Date) {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, ...sub, events: [...sub.events], created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        events: [...sub.events],
        updated_at: at,
      }),
    )
    .execute();
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_PUSH_SUBSCRIPTIONS),
    )
    .execute();
}

export async function deleteSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/**
 * The browser replaced a device's subscription: the new endpoint and keys take the old row's place, member and events
 * kept. An unknown old endpoint changes nothing; a new endpoint already stored just drops the old row.
 */
export async function renewSubscription(
  db: Executor,
  oldEndpoint: string,
  next: Omit<SubscriptionInput, 'events'>,
  at: Date,
): Promise<void> {
  const taken = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', next.endpoint)
    .executeTakeFirst();
  if (taken) {
    if (oldEndpoint !== next.endpoint) await deleteEndpoint(db, oldEndpoint);
    return;
  }
  await db
    .updateTable('push_subscriptions')
    .set({ endpoint: next.endpoint, p256dh: next.p256dh, auth: next.auth, updated_at: at })
    .where('endpoint', '=', oldEndpoint)
    .execute();
}

/** The push service said the device is gone (404 or 410). */
export async function deleteEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export function subscriptionsFor(db: Executor, userId: number, event: PushEvent) {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`${event} = any(events)`)
    .execute();
}

export function countSubscriptions(db: Executor, userId: number): Promise<number> {
  return db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * The sender as the notification shows them, when the receiver may hear from them: both exist and neither has
 * blocked the other. Undefined otherwise.
 */
export async function senderFor(
  db: Executor,
  fromId: number,
  toId: number,
): Promise<{ name: string; avatar: string } | undefined> {
  const row = await db
    .selectFrom('users as f')
    .innerJoin('users as t', (join) => join.on('t.id', '=', toId))
    .select(['f.username', 'f.avatar'])
    .where('f.id', '=', fromId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((b) =>
              b.or([
                b.and([b('b.blocker_id', '=', toId), b('b.blocked_id', '=', fromId)]),
                b.and([b('b.blocker_id', '=', fromId), b('b.blocked_id', '=', toId)]),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return row && { name: row.username, avatar: row.avatar };
}
