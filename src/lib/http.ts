/**
 * The one HTTP client (spec section 7, api.md Transport). It unwraps the `{ code, message, data }` envelope
 * and reports side effects through hooks that app/ wires to the store, router and toaster, so lib/ never
 * imports app/ or features/.
 */
import { t } from '@lingui/core/macro';
import type { KyInstance } from 'ky';
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

/** Empty or null query values are dropped (spec 5): the server would read '' as a real filter. */
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
}

function createKy(ky: typeof import('ky').default, hooks: HttpHooks, options: HttpClientOptions): KyInstance {
  return ky.create({
    prefix: API_BASE,
    baseUrl: options.baseUrl,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch,
    headers: { platform: '1', 'Content-Type': 'application/json' },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = hooks.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const hooks: HttpHooks = { ...defaultHooks, ...options.hooks };
  // ky (about 9 KB gzip) loads with the first request, or with `preload` when a session starts: signed out, /login
  // sends nothing until the form is submitted, so its first load does without it.
  let client: Promise<KyInstance> | undefined;
  const getClient = () =>
    (client ??= import('ky').then(
      ({ default: ky }) => createKy(ky, hooks, options),
      (error: unknown) => {
        client = undefined; // offline before it was cached: the next request tries again
        throw error;
      },
    ));

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const dropEmpty = method === 'GET' || method === 'DELETE';
    const say = (kind: NoticeKind, message: string) => {
      if (!opts.silent) hooks.notify(kind, message);
    };
    let response: Response;
    try {
      response = await (await getClient())(path.replace(/^\//, ''), {
        method,
        json: opts.json,
        body: opts.form,
        // NOTE: the client's default JSON content type would hide the multipart boundary; undefined removes it.
        ...(opts.form ? { headers: { 'Content-Type': undefined } } : {}),
        searchParams: dropEmpty ? cleanQuery(opts.query) : (opts.query as Record<string, string> | undefined),
      });
    } catch (error) {
      // Timeouts and network failures: no envelope, no status.
      const message = error instanceof Error && error.name === 'TimeoutError' ? t`Request timed out` : t`Network error`;
      say('warning', message);
      throw new ApiError(0, message);
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
    /** Fetches ky ahead of the first request (a signed-in start), so that request does not wait for it. */
    preload(): void {
      getClient().catch(() => {});
    },
    /** app/ calls this once at start-up to connect the hooks. */
    configure(next: Partial<HttpHooks>) {
      Object.assign(hooks, next);
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The app-wide client; features import this. */
export const http: HttpClient = createHttpClient();
