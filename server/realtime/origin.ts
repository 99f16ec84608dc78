/** Which browser pages may open the socket: our own origin and ALLOWED_ORIGINS (docs/api.md, WebSocket). */

export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  // Non-browser clients send no Origin; cross-site hijacking needs a browser, which always sends one.
  if (origin === undefined) return true;
  const normalized = origin.replace(/\/$/, '');
  if (allowed.includes(normalized)) return true;
  try {
    return host !== undefined && new URL(normalized).host === host;
  } catch {
    return false;
  }
}
