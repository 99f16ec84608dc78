/**
 * The blurred preview painted before a photo arrives: the server's ThumbHash (Base64, docs/api.md, Moments) drawn
 * as a tiny PNG data URL, once per hash.
 */
import { thumbHashToDataURL } from 'thumbhash';

const made = new Map<string, string>();

/** A data URL for the ThumbHash, or undefined when there is none or it is not one. */
export function placeholderOf(thumbhash: string): string | undefined {
  if (!thumbhash) return undefined;
  const known = made.get(thumbhash);
  if (known) return known;
  try {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
    const url = thumbHashToDataURL(bytes);
    made.set(thumbhash, url);
    return url;
  } catch {
    return undefined;
  }
}
