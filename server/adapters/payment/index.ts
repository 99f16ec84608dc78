/** The card payment provider PAYMENT_PROVIDER names. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createPayPalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, sandboxSigningKey } from './sandbox.ts';

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  const p = config.payment;
  if (p.provider === 'paypal') {
    return createPayPalProvider({
      api: p.api,
      clientId: p.clientId ?? '',
      secret: p.secret ?? '',
      webhookId: p.webhookId,
    });
  }
  return createSandboxProvider(db, sandboxSigningKey(config.sessionSecret));
}
