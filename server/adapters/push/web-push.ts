/**
 * Sending one push through the `web-push` library: the payload encrypted with aes128gcm for the device's keys and
 * signed with our VAPID key. The answer is the push service's status, or a thrown error when it could not be reached.
 */
import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'high' | 'normal';
}

export interface PushTransport {
  /** Resolves the push service's HTTP status (201 delivered; 404 and 410 mean the subscription is gone). */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<number>;
}

const SEND_TIMEOUT_MS = 10_000;

export function createWebPushTransport(vapid: VapidKeys): PushTransport {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(target, payload, options) {
      try {
        const result = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            contentEncoding: 'aes128gcm',
            timeout: SEND_TIMEOUT_MS,
          },
        );
        return result.statusCode;
      } catch (error) {
        // The library throws on any status but 2xx; the status is the answer, only network failures are errors.
        if (error instanceof WebPushError) return error.statusCode;
        throw error;
      }
    },
  };
}
