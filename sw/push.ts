/**
 * Web Push in the worker (docs/api.md, Push): the notification a payload becomes, in the member's language. The
 * worker has no catalogs of its own: the page posts the few texts it needs, translated by lingui (PUSH_TEXTS), and
 * they are kept in a cache of the worker's, so a push that wakes it with the app closed still reads them.
 */
import type { PushPayload } from '#protocol/push.ts';

/** Every text a notification may show besides the member's own words and names. */
export interface PushTexts {
  photo: string;
  video: string;
  voice: string;
  gift: string;
  like: string;
  visit: string;
  /** Title and body when a push cannot be read (the browser insists on showing something). */
  app: string;
  activity: string;
}

/**
 * NOTE: only a fallback: the page posts its translated texts before it ever subscribes, and again at every start,
 * so a push never arrives before them unless the cache was cleared.
 */
export const DEFAULT_PUSH_TEXTS: PushTexts = {
  photo: 'Sent a photo',
  video: 'Sent a video',
  voice: 'Sent a voice message',
  gift: 'Sent you a gift',
  like: 'Liked you',
  visit: 'Visited your page',
  app: 'Amity',
  activity: 'Something new is waiting for you',
};

export const PUSH_TEXTS_CACHE = 'amity-push';
export const PUSH_TEXTS_KEY = '/__amity/push-texts';

/** Posted texts are kept only when every field is a short string; anything else keeps what was there. */
export function parseTexts(value: unknown): PushTexts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const texts = value as Record<string, unknown>;
  const keys = Object.keys(DEFAULT_PUSH_TEXTS) as (keyof PushTexts)[];
  const ok = keys.every((k) => typeof texts[k] === 'string' && (texts[k] as string).length <= 200);
  return ok ? (Object.fromEntries(keys.map((k) => [k, texts[k]])) as unknown as PushTexts) : undefined;
}

const MEDIA_TEXT: Record<number, keyof PushTexts> = { 2: 'photo', 8: 'video', 9: 'voice' };

export interface PushNotice {
  title: string;
  options: NotificationOptions & { renotify?: boolean; data: { url: string } };
  /** The app badge, when the payload says. */
  badge?: number;
}

function payloadOf(data: unknown): PushPayload | undefined {
  const p = data as PushPayload | null;
  const okFrom = typeof p?.from?.id === 'number' && typeof p.from.name === 'string';
  return okFrom && ['message', 'gift', 'like', 'visit'].includes(p.event) ? p : undefined;
}

/**
 * The notification for a push: the sender's name and avatar, the message or what was sent, one notification per
 * conversation (tag; renotify so a newer message still rings), and where a click leads.
 */
export function pushNotice(data: unknown, texts: PushTexts): PushNotice {
  const p = payloadOf(data);
  if (!p) return { title: texts.app, options: { body: texts.activity, tag: 'amity', data: { url: '/chat' } } };
  const chat = p.event === 'message' || p.event === 'gift';
  let body: string;
  if (p.event === 'message') {
    body = typeof p.text === 'string' && p.text !== '' ? p.text : texts[MEDIA_TEXT[p.msgType ?? 2] ?? 'photo'];
  } else body = texts[p.event];
  return {
    title: p.from.name,
    options: {
      body,
      icon: p.from.avatar || '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: chat ? `chat-${p.from.id}` : `${p.event}-${p.from.id}`,
      renotify: true,
      data: { url: chat ? `/chat?userId=${p.from.id}` : `/homepage/${p.from.id}` },
    },
    badge: typeof p.unread === 'number' && p.unread >= 0 ? p.unread : undefined,
  };
}
