/** Which side panel a route shows (docs/product.md, Side panels), as a pure function of the path and my id. */
type PanelKind = 'user' | 'friend' | 'account' | null;

const USER_PANEL_PATHS = ['/vip', '/recharge', '/square', '/like/me', '/i/like', '/visitor'];
const ACCOUNT_PANEL_PATHS = ['/profile', '/change/password'];

export function panelFor(pathname: string, myId: number | string | null | undefined): PanelKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (USER_PANEL_PATHS.includes(path)) return 'user';
  if (ACCOUNT_PANEL_PATHS.includes(path)) return 'account';
  const home = /^\/homepage\/([^/]+)$/.exec(path);
  if (home) {
    const userId = decodeURIComponent(home[1] ?? '');
    return myId != null && String(myId) === userId ? 'user' : 'friend';
  }
  return null;
}
