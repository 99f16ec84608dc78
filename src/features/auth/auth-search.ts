/** Search params shared by /login, /register and /forget: where to go after signing in. */
export interface AuthSearch {
  redirect?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  return typeof search.redirect === 'string' && search.redirect ? { redirect: search.redirect } : {};
}
