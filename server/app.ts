/** buildApp(config): the whole HTTP and WebSocket server, without listening; main.ts and the tests both use it. */
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { API_BASE } from '#protocol/constants.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createPaymentProvider } from './adapters/payment/index.ts';
import { loadVapidKeys } from './adapters/push/vapid.ts';
import { createWebPushTransport, type PushTransport } from './adapters/push/web-push.ts';
import { type ApyLauncher, createTranslateEngine } from './adapters/translate/translator.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DatabaseHandle, isDatabaseReachable, openDatabase } from './db/database.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatWriter } from './modules/chat/chat.writer.ts';
import { commerceRoutes } from './modules/commerce/commerce.routes.ts';
import { createOrderBatches } from './modules/commerce/order-batches.ts';
import { startReconciler } from './modules/commerce/reconciler.ts';
import { seedDemo } from './modules/demo/demo.seed.ts';
import { cosFormRoutes, filesRoutes, UPLOAD_LIMITS } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { momentsRoutes } from './modules/moments/moments.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushNotifier } from './modules/push/push.service.ts';
import { withMessagePushes } from './modules/push/push.trigger.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { isSuspended } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { translateRoutes } from './modules/translate/translate.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { installAuth } from './plugins/auth.ts';
import { SERVICE_RESTART_CLOSE_CODE, watchAvailability } from './plugins/availability.ts';
import { frameworkErrors, installErrorHandling } from './plugins/errors.ts';
import { createAuthLimits } from './plugins/rate-limit.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installStaticClient } from './plugins/static-client.ts';
import { type Bus, createInProcessBus } from './realtime/bus.ts';
import { createHub } from './realtime/hub.ts';
import { createRedisBus, redisOptions } from './realtime/redis-bus.ts';
import { WS_HARD_MAX_BYTES, wsRoutes } from './realtime/ws.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    amity: AppContext;
  }
}

export interface AppOverrides {
  /** An already opened database (tests: a template-loaded PGlite or a schema on PostgreSQL). */
  database?: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  /** Another fan-out engine (tests: two apps sharing one in-process bus). Unset: Redis with REDIS_URL, else in-process. */
  bus?: Bus;
  /** With REDIS_URL: what the bus stream and the rate-limit keys start with (tests: one per run). */
  redisPrefix?: string;
  /** Another way to reach push services (tests: a recorder). */
  pushTransport?: PushTransport;
  /** Another way to find and start Apertium APY (tests: a machine without it, or a start that fails). */
  apyLauncher?: ApyLauncher;
  /** Hears of every route as it is added (proof:authz checks that each one has its cases). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** The socket path carries the token: logs keep only its first characters' place. */
export function redactUrl(url: string): string {
  return url.replace(/^\/ws\/[^/?]+/, '/ws/[token]');
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    bodyLimit: config.bodyLimitBytes,
    // Behind nginx (README, Several instances): request.ip is the member's address from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Request ids in logs are enough; nobody needs them in the answers.
    requestIdHeader: false,
    frameworkErrors,
  });
  const { onRoute } = overrides;
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));

  const database = overrides.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const now = overrides.now ?? (() => new Date());
  const prefix = overrides.redisPrefix ?? 'amity:';
  let bus: Bus;
  let limitsRedis: Redis | undefined;
  try {
    bus =
      overrides.bus ??
      (config.redisUrl
        ? await createRedisBus({
            url: config.redisUrl,
            stream: `${prefix}bus`,
            onError: (error) => app.log.warn({ err: error }, 'reading the Redis bus failed'),
          })
        : createInProcessBus());
    if (config.redisUrl) {
      // Its own link, failing fast while Redis is gone: a limit that cannot be counted answers 503 at once.
      limitsRedis = new Redis(config.redisUrl, redisOptions({ enableOfflineQueue: false, maxRetriesPerRequest: 1 }));
      limitsRedis.on('error', () => {});
      await limitsRedis.connect();
    }
  } catch (error) {
    if (!overrides.database) await database.close();
    throw error;
  }
  const hub = createHub(bus, (error) => app.log.error({ err: error }, 'fan-out failed'));
  const chatWriter = createChatWriter({
    db: database.db,
    now,
    lingerMs: config.chatBatchLingerMs,
    onError: (error) => app.log.error({ err: error }, 'storing a chat batch failed'),
  });
  const vapid = loadVapidKeys(config);
  const push = createPushNotifier({
    db: database.db,
    transport: overrides.pushTransport ?? createWebPushTransport(vapid),
    isOnline: (userId) => hub.isOnline(userId),
    isSuspended: (userId) => isSuspended(database.db, userId, now()),
    onError: (error, what) => app.log.warn({ err: error }, what),
    now,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    limits: createAuthLimits(
      config.rateLimit.authPerIpPerMin,
      config.rateLimit.authPerAccountPerMin,
      config.rateLimit.profilePerMin,
      config.uploads.perMin,
      limitsRedis && { client: limitsRedis, prefix: `${prefix}limit:` },
    ),
    log: app.log,
    now,
    hub: withMessagePushes(hub, push),
    push,
    chatWriter,
    translator: createTranslateEngine(config.translate, app.log, overrides.apyLauncher),
    payment: createPaymentProvider(config, database.db),
    orders: createOrderBatches(database.db, () => ctx, {
      onError: (error) => app.log.error({ err: error }, 'writing a batch of orders failed'),
    }),
  };
  app.decorate('amity', ctx);
  const availability = watchAvailability(app, {
    probeDatabase: () => isDatabaseReachable(ctx.db),
    bus,
    onDown: () => hub.dropAll(SERVICE_RESTART_CLOSE_CODE, 'service restart'),
    onChange: (up, parts) =>
      up ? app.log.info('database and bus reachable again') : app.log.error(parts, 'unavailable: answering 503'),
  });
  // The one reconciler timer of this instance (docs/api.md, Commerce); runs on ctx.now, so tests call it directly.
  const reconciler = startReconciler(ctx);
  app.addHook('onClose', async () => {
    reconciler.stop();
    availability.stop();
    await ctx.mailer.close?.();
    // Queued messages are stored before the database goes; their senders get no ack (sockets are closing).
    await chatWriter.close();
    await ctx.orders.close();
    await push.close();
    hub.close();
    await ctx.translator.close();
    if (!overrides.bus) await bus.close();
    limitsRedis?.disconnect();
    if (!overrides.database) await database.close();
  });

  try {
    if (config.demo) {
      const seeded = await seedDemo(ctx.db, config.dataDir, ctx.now());
      if (seeded > 0) app.log.info(`seeded ${seeded} demo members`);
    }

    installErrorHandling(app);
    installSecurityHeaders(app, config);
    installAuth(app);
    // Frames up to 64 KiB are handled; larger ones up to this cap get a 413 frame (ws.routes.ts), beyond it ws closes 1009.
    await app.register(fastifyWebsocket, { options: { maxPayload: WS_HARD_MAX_BYTES } });

    await app.register(
      async (api) => {
        healthRoutes(api, ctx, availability);
        authRoutes(api, ctx);
        usersRoutes(api, ctx);
        chatRoutes(api, ctx);
        socialRoutes(api, ctx);
        translateRoutes(api, ctx);
        momentsRoutes(api, ctx);
        commerceRoutes(api, ctx);
        pushRoutes(api, ctx, vapid.publicKey);
        staffRoutes(api, ctx);
        await api.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
        filesRoutes(api, ctx);
      },
      { prefix: API_BASE },
    );
    await app.register(async (forms) => {
      await forms.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
      cosFormRoutes(forms, ctx);
    });
    await app.register(async (ws) => wsRoutes(ws, ctx, hub));
    await installStaticClient(app, config);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
