/** docs/api.md, Push: the VAPID key and this device's subscription, over the one HTTP client. */
import { http } from '#lib/http.ts';
import type { PushEvent } from '#protocol/push.ts';

const quiet = { silent: true } as const;

export const getPushKey = () => http.get<string>('/api/push/key', undefined, quiet);

export function saveSubscription(subscription: PushSubscriptionJSON, events: readonly PushEvent[]): Promise<null> {
  const { endpoint, keys } = subscription;
  return http.post<null>('/api/push/subscription', { endpoint, keys, events }, quiet);
}

export const deleteSubscription = (endpoint: string) =>
  http.delete<null>('/api/push/subscription', undefined, { ...quiet, json: { endpoint } });
