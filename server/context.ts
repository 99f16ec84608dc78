/** What routes and services are given: built once in app.ts, replaced piecewise by tests. */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentProvider } from './adapters/payment/provider.ts';
import type { TranslateEngine } from './adapters/translate/engine.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ChatWriter } from './modules/chat/chat.writer.ts';
import type { OrderBatches } from './modules/commerce/order-batches.ts';
import type { PushNotifier } from './modules/push/push.service.ts';
import type { AuthLimits } from './plugins/rate-limit.ts';
import type { Hub } from './realtime/hub.ts';

export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: AuthLimits;
  log: FastifyBaseLogger;
  /** Fan-out to every socket of a member, on every instance; closes the sockets of revoked tokens everywhere. */
  hub: Hub;
  /** Group commit of chat messages. */
  chatWriter: ChatWriter;
  /** The machine translation engine (TRANSLATE_ENGINE). */
  translator: TranslateEngine;
  /** Card payments: PayPal Orders v2 or the sandbox provider (PAYMENT_PROVIDER). */
  payment: PaymentProvider;
  /** Group commits of orders opened and settled: one transaction for all those queued meanwhile. */
  orders: OrderBatches;
  /** Web Push to members with no live socket; messages and gifts reach it through `hub` (push.trigger.ts). */
  push: PushNotifier;
  /** The clock, so tests can move through days and expiries. */
  now: () => Date;
}
