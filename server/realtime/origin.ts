/**
 * Which browser pages may open the socket (docs/api.md, WebSocket): exactly the configured origins (config
 * `socketOrigins`: PUBLIC_ORIGIN, ALLOWED_ORIGINS, loopback in development), same scheme, host and port. Never the
 * request's own Host header, which the client chooses. A missing Origin is refused too: every browser sends one,
 * and our own tools send theirs.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  // Browsers serialize Origin exactly as URL#origin does, the form the configured origins are kept in.
  return origin !== undefined && allowed.includes(origin);
}
