/**
 * The one HTTP client (docs/product.md, Calls; docs/api.md, Transport) unwraps the `{ code, message, data }` envelope
 * and reports side effects through hooks that app/ wires to the store, router and toaster, so lib/ never
 * imports app/ or features/.
 *
 * Built on fetch itself. It used ky for the few options below (prefix, JSON body, default headers, token, timeout,
 * no retry, no throwing on HTTP errors), which cost 8 KB gzip in the first load of /chat, over the size budget.
 */
import { t } from '@lingui/core/macro';
import { Code, type Envelope } from '#protocol/codes.ts';
import { API_BASE, REQUEST_TIMEOUT_MS } from '#protocol/constants.ts';

export type NoticeKind = 'success' | 'warning' | 'error';

export interface HttpHooks {
  getToken: () => string | null;
  notify: (kind: NoticeKind, message: string) => void;
  /** 401: the app clears token, user info and permissions, then goes to /login?redirect=… */
  onUnauthorized: () => void;
  /** 498: the app refreshes permissions and asks to reload. */
  onPermissionsChanged: () => void;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  json?: unknown;
  /** Multipart body (uploads); the browser sets the boundary. */
  form?: FormData;
  query?: Query;
  /** No toast on success or failure: for calls the spec marks silent (visitor add). */
  silent?: boolean;
}

/** Raised for every non-200 answer so callers can show the message inline as well. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

const noop = () => {};
const defaultHooks: HttpHooks = {
  getToken: () => null,
  notify: noop,
  onUnauthorized: noop,
  onPermissionsChanged: noop,
};

/** Empty or null query values are dropped (docs/product.md, Validation): the server would read '' as a real filter. */
export function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body && typeof (body as Envelope).code === 'number';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface HttpClientOptions {
  hooks?: Partial<HttpHooks>;
  fetch?: typeof fetch;
  /** Only tests need an absolute base; the browser resolves /h5-api against the page. */
  baseUrl?: string;
  /** Whether the browser knows it is offline; the app then says so once, instead of a toast per request. */
  isOffline?: () => boolean;
}

/** The request: /h5-api prefix, query, platform and JSON headers, the token, a JSON or multipart body. */
function buildRequest(
  method: string,
  path: string,
  opts: RequestOptions,
  token: string | null,
  signal: AbortSignal,
  baseUrl?: string,
) {
  const url = new URL(`${API_BASE}/${path.replace(/^\//, '')}`, baseUrl ?? globalThis.location?.href);
  const dropEmpty = method === 'GET' || method === 'DELETE';
  const query = dropEmpty ? cleanQuery(opts.query) : opts.query;
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  const headers = new Headers({ platform: '1' });
  // Multipart: the browser writes the Content-Type with its boundary.
  if (!opts.form) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
  return new Request(url, { method, headers, body, signal });
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const hooks: HttpHooks = { ...defaultHooks, ...options.hooks };
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const isOffline = options.isOffline ?? (() => globalThis.navigator?.onLine === false);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const say = (kind: NoticeKind, message: string) => {
      if (!opts.silent) hooks.notify(kind, message);
    };
    let response: Response;
    // The timeout covers waiting for the answer's headers, as ky's did, not reading its body.
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new DOMException('Request timed out', 'TimeoutError')),
      REQUEST_TIMEOUT_MS,
    );
    try {
      response = await send(buildRequest(method, path, opts, hooks.getToken(), abort.signal, options.baseUrl));
    } catch (error) {
      // Timeouts and network failures: no envelope, no status.
      const message = error instanceof Error && error.name === 'TimeoutError' ? t`Request timed out` : t`Network error`;
      // NOTE: offline, every background refresh would fail with its own toast; the offline line already says it.
      if (!isOffline()) say('warning', message);
      throw new ApiError(0, message);
    } finally {
      clearTimeout(timer);
    }
    const body = await readBody(response);
    if (!isEnvelope(body)) {
      // Not our envelope (proxy page, crash): an HTTP error shown with the response message or body.
      const message =
        (typeof body === 'object' && body && 'message' in body && String((body as { message: unknown }).message)) ||
        (typeof body === 'string' && body.slice(0, 200)) ||
        response.statusText ||
        t`error`;
      if (response.ok) return body as T;
      say('warning', message);
      throw new ApiError(response.status, message, body);
    }
    const message = body.message ?? '';
    if (body.code === Code.ok && response.ok) {
      if (message) say('success', message);
      return body.data as T;
    }
    if (body.code === Code.unauthorized) {
      say('warning', message || t`Please sign in again`);
      hooks.onUnauthorized();
    } else if (body.code === Code.permissionsChanged) {
      hooks.onPermissionsChanged();
    } else {
      say('warning', message || t`error`);
    }
    throw new ApiError(body.code, message || t`error`, body.data);
  }

  return {
    request,
    get: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>('GET', path, { ...opts, query }),
    delete: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, query }),
    post: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, json }),
    put: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, json }),
    upload: <T>(path: string, form: FormData, opts?: RequestOptions) => request<T>('POST', path, { ...opts, form }),
    /** app/ calls this once at start-up to connect the hooks. */
    configure(next: Partial<HttpHooks>) {
      Object.assign(hooks, next);
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The app-wide client; features import this. */
export const http: HttpClient = createHttpClient();
