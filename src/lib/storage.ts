/**
 * Persistence owner. Small session values (token, user info, permissions, language) live in localStorage so
 * they are readable synchronously at start-up (spec 3 "stored locally"); bulk data will use idb-keyval here.
 */

export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session still works in memory.
  }
}
