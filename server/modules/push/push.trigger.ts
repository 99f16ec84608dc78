/**
 * Where pushes come from without the chat and commerce code knowing: every message and gift already goes out
 * through `hub.publish` as a `chart` frame to its receiver, so the hub handed to the modules is wrapped to tell the
 * notifier too (which then pushes only when no socket of the receiver is live).
 */
import type { ServerFrame } from '#protocol/chat.ts';
import { eventOfFrame } from './push.rules.ts';
import type { PushNotifier } from './push.service.ts';

interface Publisher {
  publish(userId: number, frame: ServerFrame, receipt?: string): void;
}

export function withMessagePushes<H extends Publisher>(hub: H, notifier: Pick<PushNotifier, 'notify'>): H {
  return {
    ...hub,
    publish(userId: number, frame: ServerFrame, receipt?: string) {
      // The receipt goes along: hub.delivered asks for it when a sender resends (several instances).
      hub.publish(userId, frame, receipt);
      const event = eventOfFrame(userId, frame);
      if (event) notifier.notify(event);
    },
  };
}
