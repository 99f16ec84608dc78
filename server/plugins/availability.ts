/**
 * Whether this instance can do work: its database answers and its bus (Redis, when REDIS_URL is set) is connected.
 * Checked every CHECK_INTERVAL_MS; while either is gone the instance answers 503 to new API requests and socket
 * upgrades (a load balancer sends them to another instance) and closes its sockets with SERVICE_RESTART_CLOSE_CODE,
 * so clients reconnect, to a surviving instance if there is one, and resend from their outbox. It recovers by itself
 * once both are back.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '#protocol/constants.ts';
import type { Bus } from '../realtime/bus.ts';
import { sendError, UNAVAILABLE_MESSAGE } from './errors.ts';

export const CHECK_INTERVAL_MS = 1000;
/** A database that has not answered `select 1` by then counts as gone. */
export const CHECK_TIMEOUT_MS = 2000;
/** WebSocket's "Service Restart": the client reconnects (src/lib/socket.ts reconnects on any close). */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

export interface Parts {
  database: boolean;
  redis: boolean;
}

export interface Availability {
  /** The last check's answer: both parts up. */
  readonly up: boolean;
  /** Checks now (the health route uses it), updating `up`. */
  check(): Promise<Parts>;
  stop(): void;
}

export interface AvailabilityOptions {
  /** Answers whether the database answers (db/database.ts isDatabaseReachable). */
  probeDatabase: () => Promise<boolean>;
  bus: Bus;
  /** Called once each time the instance goes down: close the sockets. */
  onDown: () => void;
  onChange?: (up: boolean, parts: Parts) => void;
  intervalMs?: number;
}

function withTimeout(probe: () => Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    probe().then(
      (ok) => {
        clearTimeout(timer);
        resolve(ok);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

export function watchAvailability(app: FastifyInstance, options: AvailabilityOptions): Availability {
  let up = true;
  let checking: Promise<Parts> | undefined;
  const check = () => {
    checking ??= (async () => {
      const parts = { database: await withTimeout(options.probeDatabase), redis: options.bus.healthy?.() ?? true };
      const now = parts.database && parts.redis;
      if (now !== up) {
        up = now;
        options.onChange?.(up, parts);
        if (!up) options.onDown();
      }
      return parts;
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  const timer = setInterval(check, options.intervalMs ?? CHECK_INTERVAL_MS);
  timer.unref();

  app.addHook('onRequest', async (request, reply) => {
    if (up) return;
    const path = request.url;
    if (path === `${API_BASE}/health` || !(path.startsWith(`${API_BASE}/`) || path.startsWith('/ws/'))) return;
    reply.header('Retry-After', '1');
    if (path.startsWith('/ws/')) {
      // A refused upgrade's connection is nobody's once answered: end it, or closing the server would wait on it.
      reply.header('Connection', 'close');
      reply.raw.once('finish', () => request.raw.socket?.end());
    }
    return sendError(reply, 503, UNAVAILABLE_MESSAGE);
  });

  return {
    get up() {
      return up;
    },
    check,
    stop: () => clearInterval(timer),
  };
}
