/** The request bodies of docs/api.md, Push, as zod schemas whose messages name the field and the rule. */
import { z } from 'zod';
import { base64urlBytes, MAX_ENDPOINT_CHARS, PUSH_EVENTS } from './push.ts';

/** An uncompressed P-256 point (65 bytes, 0x04 first), as PushSubscription.getKey('p256dh') gives it. */
const p256dh = z.string({ error: 'keys.p256dh must be a base64url P-256 public key' }).refine(
  (v) => {
    const bytes = base64urlBytes(v);
    return bytes?.length === 65 && bytes[0] === 4;
  },
  { error: 'keys.p256dh must be a base64url P-256 public key' },
);
const auth = z
  .string({ error: 'keys.auth must be 16 bytes in base64url' })
  .refine((v) => base64urlBytes(v)?.length === 16, { error: 'keys.auth must be 16 bytes in base64url' });

const endpoint = z
  .string({ error: 'endpoint must be an https URL' })
  .max(MAX_ENDPOINT_CHARS, { error: `endpoint must be at most ${MAX_ENDPOINT_CHARS} characters` })
  // https, a host without user name or password, no spaces: what browsers' push services hand out.
  .regex(/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/, { error: 'endpoint must be an https URL' });

export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh, auth }, { error: 'keys must be { p256dh, auth }' }),
  events: z
    .array(z.enum(PUSH_EVENTS, { error: `events may hold only ${PUSH_EVENTS.join(', ')}` }), {
      error: `events must be a list of ${PUSH_EVENTS.join(', ')}`,
    })
    .max(PUSH_EVENTS.length, { error: `events may hold only ${PUSH_EVENTS.join(', ')}` })
    .optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint });

/** The worker's `pushsubscriptionchange`: the browser's new subscription replaces the old one it names. */
export const pushRenewBody = z.object({
  oldEndpoint: endpoint,
  endpoint,
  keys: z.object({ p256dh, auth }, { error: 'keys must be { p256dh, auth }' }),
});
export type PushRenewBody = z.infer<typeof pushRenewBody>;
