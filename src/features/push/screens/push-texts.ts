/** The texts the service worker shows in push notifications (sw/push.ts PushTexts), in the member's language. */
import { t } from '@lingui/core/macro';

export function pushTexts() {
  return {
    photo: t`Sent a photo`,
    video: t`Sent a video`,
    voice: t`Sent a voice message`,
    gift: t`Sent you a gift`,
    like: t`Liked you`,
    visit: t`Visited your page`,
    app: t`Amity`,
    activity: t`Something new is waiting for you`,
  };
}
