/** The zod schema of a purchase body (docs/api.md, Commerce), apart from commerce.ts so the client never loads zod. */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { dbId, safeText } from './validators.ts';

/** An order id: a provider's order id (letters and digits) or a UUID the client made. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const purchaseBody = z.object({
  id: dbId('id', 'a package id'),
  orderId: z
    .string({ error: 'orderId must be a string' })
    .regex(ORDER_ID_PATTERN, { error: 'orderId must be 1 to 64 letters, digits or dashes' })
    .optional(),
  goldPay: z.boolean({ error: 'goldPay must be true or false' }).default(false),
  blessing: safeText('blessing', LIMITS.blessing).optional(),
  payInfo: z.unknown().optional(),
  paypalStatus: z.union([z.literal(1), z.literal(3), z.literal(4)], { error: 'paypalStatus must be 1, 3 or 4' }),
});

/** The envelope the encrypted body travels in: `{ data: CryptoJS.AES.encrypt(JSON.stringify(body), payloadKey) }`. */
export const encryptedEnvelope = z.object({
  data: z
    .string({ error: (i) => (i.input === undefined ? 'data is required' : 'data must be a string') })
    .min(1, { error: 'data is required' })
    .max(16_384, { error: 'data must be at most 16384 characters' }),
});
