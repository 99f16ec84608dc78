/**
 * The one HTTP client (docs/api.md, Transport): ky with the /h5-api prefix, the platform and token headers, a 30 s
 * timeout and no retries. Its hooks unwrap the `{ code, message, data }` envelope and report side effects (toasts,
 * 401, 498) through callbacks that app/ wires to the store, router and toaster, so lib/ never imports app/ or
 * features/.
 */
import { t } from '@lingui/core/macro';
import ky, {
  type AfterResponseState,
  type BeforeErrorState,
  type BeforeRequestState,
  type SearchParamsOption,
  TimeoutError,
} from 'ky';
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

/** A reply's body: its JSON, else its text, else null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a call resolves to, as the body ky hands back. */
const asBody = (value: unknown) => new Response(JSON.stringify(value ?? null));

export interface HttpClientOptions {
  hooks?: Partial<HttpHooks>;
  fetch?: typeof fetch;
  /** Only tests need an absolute base; the browser resolves /h5-api against the page. */
  baseUrl?: string;
  /** Whether the browser knows it is offline; the app then says so once, instead of a toast per request. */
  isOffline?: () => boolean;
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const hooks: HttpHooks = { ...defaultHooks, ...options.hooks };
  const isOffline = options.isOffline ?? (() => globalThis.navigator?.onLine === false);
  const say = (silent: unknown, kind: NoticeKind, message: string) => {
    if (!silent) hooks.notify(kind, message);
  };

  const withToken = ({ request }: BeforeRequestState) => {
    const token = hooks.getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
  };

  /**
   * Every answer: success gives the envelope's data; anything else toasts and throws ApiError. Uploads with progress
   * (lib/upload.ts) settle their replies here too, so an envelope means one thing everywhere.
   */
  const settle = (status: number, statusText: string, body: unknown, silent?: unknown): unknown => {
    const ok = status >= 200 && status < 300;
    if (!isEnvelope(body)) {
      if (ok) return body;
      // Not our envelope (proxy page, crash): an HTTP error shown with the response message or body.
      const message =
        (typeof body === 'object' && body && 'message' in body && String((body as { message: unknown }).message)) ||
        (typeof body === 'string' && body.slice(0, 200)) ||
        statusText ||
        t`error`;
      say(silent, 'warning', message);
      throw new ApiError(status, message, body);
    }
    const message = body.message ?? '';
    if (body.code === Code.ok && ok) {
      if (message) say(silent, 'success', message);
      return body.data;
    }
    if (body.code === Code.unauthorized) {
      say(silent, 'warning', message || t`Please sign in again`);
      hooks.onUnauthorized();
    } else if (body.code === Code.permissionsChanged) {
      hooks.onPermissionsChanged();
    } else {
      say(silent, 'warning', message || t`error`);
    }
    throw new ApiError(body.code, message || t`error`, body.data);
  };

  const unwrap = async ({ response, options: { context } }: AfterResponseState) =>
    asBody(settle(response.status, response.statusText, parseBody(await response.text()), context.silent));

  /** Timeouts and network failures: no envelope, no status. */
  const transportError = ({ error, options: { context } }: BeforeErrorState) => {
    if (error instanceof ApiError) return error;
    const message = error instanceof TimeoutError ? t`Request timed out` : t`Network error`;
    // NOTE: offline, every background refresh would fail with its own toast; the offline line already says it.
    if (!isOffline()) say(context.silent, 'warning', message);
    return new ApiError(0, message);
  };

  const api = ky.create({
    prefix: API_BASE,
    baseUrl: options.baseUrl,
    headers: { platform: '1' },
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    // Error statuses carry our envelope: the afterResponse hook reads them instead of ky's HTTPError.
    throwHttpErrors: false,
    fetch: options.fetch,
    hooks: { beforeRequest: [withToken], afterResponse: [unwrap], beforeError: [transportError] },
  });

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const dropEmpty = method === 'GET' || method === 'DELETE';
    const response = api(path.replace(/^\//, ''), {
      method,
      json: opts.json,
      // Elsewhere ky keeps '' and sends null as 'null', as the wire always had it; undefined is left out.
      searchParams: (dropEmpty ? cleanQuery(opts.query) : opts.query) as SearchParamsOption,
      context: { silent: opts.silent },
    });
    return (await response.json()) as T;
  }

  return {
    request,
    get: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>('GET', path, { ...opts, query }),
    delete: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, query }),
    post: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, json }),
    put: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, json }),
    /** The headers every call sends (platform, token), for uploads that do not go through ky. */
    headers: (): Record<string, string> => {
      const token = hooks.getToken();
      return token ? { platform: '1', Authorization: `Bearer ${token}` } : { platform: '1' };
    },
    settle,
    /** app/ calls this once at start-up to connect the hooks. */
    configure(next: Partial<HttpHooks>) {
      Object.assign(hooks, next);
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The app-wide client; features import this. */
export const http: HttpClient = createHttpClient();
