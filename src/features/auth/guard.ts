/** Route guard rules (docs/product.md, Sign-in and session) as pure functions, so they are tested without a router. */

/** Routes open without a token (docs/product.md, Routes); /forget and /register are the login page's other modes. */
const PUBLIC_PATHS = ['/login', '/forget', '/register'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}

/** Only same-origin paths: '/x' but never '//evil.com', '/\\evil.com' or 'https://…'. */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/')) return null;
  if (target.startsWith('//') || target.startsWith('/\\')) return null;
  // Control characters (tab, newline) can make browsers read a path as another origin.
  if ([...target].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (isPublicPath(pathname)) return null;
  return target;
}

/**
 * Where a visit to `href` (path plus search) must go instead, or null to stay.
 * Without a token a private route goes to /login?redirect=<href>; with one a public route goes to /chat.
 */
export function resolveGuard(href: string, token: string | null | undefined): string | null {
  const pathname = href.split(/[?#]/)[0] ?? '/';
  if (isPublicPath(pathname)) return token ? '/chat' : null;
  if (token) return null;
  return `/login?redirect=${encodeURIComponent(href)}`;
}

/** Where to go after signing in. */
export function afterSignIn(redirect: unknown): string {
  return safeRedirect(redirect) ?? '/chat';
}
