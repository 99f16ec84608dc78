/**
 * Web Push (docs/api.md, Push): the events a device may ask for, the limits, and the payload the service worker
 * receives. The request schemas are in push-schemas.ts (zod stays out of the client's push code).
 */
/** What a device can be told about while the app is closed. */
export const PUSH_EVENTS = ['message', 'gift', 'like', 'visit'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

// The device's setting key, PUSH_SETTING_KEY, is in constants.ts: the app's start reads it, and this file stays out
// of the first load.

/** At most this many devices per member; a new one beyond it replaces the one unheard of the longest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** An encrypted push body is at most 4 KB; ours stays well under it. */
export const MAX_PUSH_PAYLOAD_BYTES = 3072;
/** Push services keep an undelivered push this long (seconds): 48 hours. */
export const PUSH_TTL_SECONDS = 48 * 60 * 60;
/** A message's text in a push is cut to this many characters (the notification shows two lines anyway). */
export const PUSH_TEXT_MAX_CHARS = 140;
export const MAX_ENDPOINT_CHARS = 2048;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes of a base64url string (padding allowed), or undefined when it is not base64url. */
export function base64urlBytes(value: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return undefined;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((bare.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let n = 0;
  for (const char of bare) {
    buffer = (buffer << 6) | BASE64URL.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * What the service worker receives (JSON, encrypted by the push service's aes128gcm): who, what, and the member's
 * unread total for the app badge. `text` is the message's own words (type 1) cut to PUSH_TEXT_MAX_CHARS; the worker
 * names every other kind in the member's language.
 */
export interface PushPayload {
  event: PushEvent;
  from: { id: number; name: string; avatar: string };
  /** The chat message's id and type (docs/api.md, Chat over REST: message types), for message and gift. */
  msgId?: number;
  msgType?: number;
  text?: string;
  /** The receiver's unread message total, for the app badge. */
  unread?: number;
}
