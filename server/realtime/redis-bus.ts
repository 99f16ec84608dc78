/**
 * The Bus for several instances (REDIS_URL): every publish is appended to one Redis Stream, and every instance reads
 * the whole stream in order from the last entry it saw, handing each entry to its local listeners of that topic.
 * Because reading resumes from the last id seen, an instance whose link to Redis drops and comes back misses nothing
 * that reached Redis meanwhile; publishes made while the link is down wait in the client's queue and go out on
 * reconnect. The stream is capped (approximately) at STREAM_MAX_LEN entries.
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { type Bus, PRESENCE_TTL_MS, type Presence } from './bus.ts';

export const BUS_STREAM = 'amity:bus';
/** About a minute of traffic at 1,000 frames a second: enough for an instance to catch up after a short loss. */
export const STREAM_MAX_LEN = 100_000;
const READ_BLOCK_MS = 2000;
const READ_COUNT = 1000;
/** How long a publish receipt is kept: far longer than a client waits before it resends. */
export const RECEIPT_TTL_S = 600;
// The entry and its receipt in one command, so one never exists without the other.
const PUBLISH_WITH_RECEIPT = `redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 't', ARGV[2], 'm', ARGV[3])
redis.call('SET', KEYS[2], '1', 'EX', ARGV[4])`;

export interface RedisBus extends Bus {
  /** Both links to Redis are up. */
  healthy(): boolean;
  presence: Presence;
}

export interface RedisBusOptions {
  url: string;
  /** The stream key; tests use one per run so parallel files do not hear each other. */
  stream?: string;
  onError?: (error: unknown) => void;
}

/** One connection's options: reconnect quickly and for ever; a command waits in the queue while the link is down. */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    ...extra,
  };
}

/** Connects (or throws when Redis cannot be reached at start), then reads the stream until closed. */
export async function createRedisBus(options: RedisBusOptions): Promise<RedisBus> {
  const stream = options.stream ?? BUS_STREAM;
  const onError = options.onError ?? (() => {});
  const pub = new Redis(options.url, redisOptions({ enableAutoPipelining: true }));
  const sub = new Redis(options.url, redisOptions());
  // Connection errors are reported by healthy() and the read loop; without a listener ioredis would log each one.
  for (const link of [pub, sub]) link.on('error', () => {});
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Redis at REDIS_URL cannot be reached: ${(error as Error).message}`);
  }
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  // Start after what is already there: an instance that starts owes nothing to sockets it never held.
  let lastId = (await pub.xrevrange(stream, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
  let closed = false;

  const deliver = (topic: string, message: string) => {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(message);
      } catch (error) {
        onError(error);
      }
    }
  };

  const reading = (async () => {
    while (!closed) {
      try {
        const answer = await sub.xread('COUNT', READ_COUNT, 'BLOCK', READ_BLOCK_MS, 'STREAMS', stream, lastId);
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            lastId = id;
            // Fields are written as t <topic> m <message>.
            if (fields[0] === 't' && fields[2] === 'm') deliver(fields[1]!, fields[3]!);
          }
        }
      } catch (error) {
        if (closed) break;
        onError(error);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  })();

  // Presence: per member a sorted set of instance ids scored by when their word lapses.
  const instanceId = randomUUID();
  const onlineKey = (userId: number) => `${stream}:online:${userId}`;
  const presence: Presence = {
    here(userIds) {
      if (userIds.length === 0) return;
      const until = Date.now() + PRESENCE_TTL_MS;
      const batch = pub.pipeline();
      for (const id of userIds) {
        batch.zadd(onlineKey(id), until, instanceId);
        batch.pexpire(onlineKey(id), PRESENCE_TTL_MS);
      }
      batch.exec().catch(onError);
    },
    gone(userId) {
      pub.zrem(onlineKey(userId), instanceId).catch(onError);
    },
    async online(userId) {
      try {
        return (await pub.zcount(onlineKey(userId), Date.now(), '+inf')) > 0;
      } catch {
        return false;
      }
    },
  };

  return {
    presence,
    async publish(topic, message, receipt) {
      if (receipt === undefined) {
        await pub.xadd(stream, 'MAXLEN', '~', STREAM_MAX_LEN, '*', 't', topic, 'm', String(message));
        return;
      }
      const key = `${stream}:receipt:${receipt}`;
      await pub.eval(PUBLISH_WITH_RECEIPT, 2, stream, key, STREAM_MAX_LEN, topic, String(message), RECEIPT_TTL_S);
    },
    async delivered(receipt) {
      return (await pub.exists(`${stream}:receipt:${receipt}`)) === 1;
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    healthy: () => pub.status === 'ready' && sub.status === 'ready',
    async close() {
      closed = true;
      listeners.clear();
      sub.disconnect();
      await reading;
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
