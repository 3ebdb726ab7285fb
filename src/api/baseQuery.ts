import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { sessionExpired } from './authEvents';
import { parseContentRange } from './contentRange';
import type { SessionRenewalGate } from './sessionRenewal';
import type { ApiError } from './errors';
import {
  abortedError,
  httpError,
  networkError,
  notFoundError,
  parseError,
  timeoutError,
} from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `Prefer` values the console sends (api.md §2.1). */
export type PreferHeader = 'count=exact' | 'return=representation' | 'return=minimal';

/** One request. `url` is a path starting with `/api`, with its query string. */
export interface RequestArgs {
  url: string;
  /** Default GET. */
  method?: HttpMethod;
  /**
   * Sent as JSON with `Content-Type: application/json`; `FormData`, `Blob` and
   * `URLSearchParams` go as they are.
   */
  body?: unknown;
  /**
   * `Prefer` header. Writes (POST, PUT, PATCH, DELETE) default to `return=representation`,
   * as the original console sent on every request, so PostgREST answers with the rows; `false`
   * sends none.
   */
  prefer?: PreferHeader | false;
  /** Extra request headers (e.g. `cache-control`). */
  headers?: Record<string, string>;
  /** Overrides the endpoint's and the default timeout for this request. */
  timeoutMs?: number;
  /** Do not treat a 401 of this request as an expired session. */
  skipAuthRedirect?: boolean;
  /**
   * Writes the signed-in user's id into the JSON body under this column (`created_by` on
   * inserts, `updated_by` on updates), when the store knows the user and the body lacks it.
   */
  stamp?: 'created_by' | 'updated_by';
  /**
   * A write answered with an empty array matched no row: it fails with status 404 and this
   * message instead of succeeding silently.
   */
  notFound?: string;
  /** `blob`: a successful answer is read as a `Blob` (a download), not as text or JSON. */
  responseType?: 'blob';
  /**
   * Reads the text of a successful JSON answer as it arrives, instead of `JSON.parse` once it
   * has: an answer of which the console reads only a part (`JsonTreePruner`), most of whose
   * reading is done by the time the last part comes; or a stream of NDJSON (the assistant's
   * chat), read line by line as it comes.
   */
  readJson?: () => JsonTextReader;
}

/** Reads a JSON text a part at a time. */
export interface JsonTextReader {
  /** The next part of the text. */
  push: (part: string) => void;
  /** The value, once every part is read; throws, as `JSON.parse` does, on text it cannot read. */
  end: () => unknown;
}

/**
 * Feeds the body's text to `reader` as it arrives (all at once where the body cannot be read
 * as a stream); true when it had any text.
 */
async function streamText(response: Response, reader: JsonTextReader): Promise<boolean> {
  if (!response.body || typeof TextDecoder === 'undefined') {
    const text = await response.text();
    reader.push(text);
    return text !== '';
  }
  const decoder = new TextDecoder();
  const stream = response.body.getReader();
  let any = false;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    const part = decoder.decode(value, { stream: true });
    if (part === '') continue;
    any = true;
    reader.push(part);
  }
  const last = decoder.decode();
  if (last !== '') {
    any = true;
    reader.push(last);
  }
  return any;
}

export type BaseQueryArgs = string | RequestArgs;

/** Per-endpoint options (`extraOptions` of an endpoint definition). */
export interface BaseQueryExtraOptions {
  /** Milliseconds before the request is abandoned; 0 or less disables the timeout. */
  timeoutMs?: number;
  /** Do not treat a 401 as an expired session (whoami at start-up, public pages). */
  skipAuthRedirect?: boolean;
}

export interface ResponseMeta {
  request: { method: HttpMethod; url: string };
  /** HTTP status; absent when no response came back. */
  status?: number;
  /** The status line's reason phrase (`Not Found`); empty over HTTP/2. */
  statusText?: string;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** From `Content-Range` when the response carries it (requests with `Prefer: count=exact`). */
  totalEntries?: number;
}

/** The organisation's backend in the hosted mode ("direct" mode of api.md §1.2). */
export interface DirectBackend {
  /** e.g. `https://mc.example.com`; `/api` is dropped from every path sent there. */
  baseUrl: string;
  /** The bearer token of the signed-in user, or null when there is none. */
  token: () => Promise<string | null>;
}

export type GetBackend = () => DirectBackend | null;

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** The store's thunk extra argument, read by the base query at request time. */
export interface ApiExtra {
  getBackend?: GetBackend;
  fetchFn?: FetchFn;
  /** Base path of the identity service's public API (runtime config `identityBasePath`). */
  identityBasePath?: string;
  /** The signed-in user's id, for `RequestArgs.stamp`. */
  currentUserId?: () => string | undefined;
  /** Signing in again over the page when a request meets a 401 (`sessionRenewal.ts`). */
  sessionRenewal?: SessionRenewalGate;
  /**
   * Headers every request carries, read at request time (the `X-Flanksource-Scope` of the
   * Scopes the console is seen as); a request's own `headers` win.
   */
  commonHeaders?: () => Record<string, string>;
}

export interface BaseQueryOptions {
  /** Replaces the global `fetch` (tests). */
  fetchFn?: FetchFn;
  /** Direct-backend getter; otherwise the store's `ApiExtra.getBackend`. */
  getBackend?: GetBackend;
  /** Default 30 000 ms. */
  defaultTimeoutMs?: number;
  /** 401s within this many milliseconds of the last `sessionExpired` are one burst. Default 2 000. */
  burstWindowMs?: number;
  /** Path and query to come back to after signing in; default `location.pathname + search`. */
  getReturnTo?: () => string;
  /** Clock for the burst window (tests). */
  now?: () => number;
}

export type AppBaseQuery = BaseQueryFn<
  BaseQueryArgs,
  unknown,
  ApiError,
  BaseQueryExtraOptions,
  ResponseMeta
>;

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_BURST_WINDOW_MS = 2_000;
const IDENTITY_PREFIX = '/api/.ory/';

function currentLocation(): string {
  if (typeof location === 'undefined') return '/';
  return `${location.pathname}${location.search}`;
}

function readExtra(extra: unknown): ApiExtra {
  return typeof extra === 'object' && extra !== null ? (extra as ApiExtra) : {};
}

function headersToRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}

function isPassThroughBody(body: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

/**
 * Same-origin paths are made absolute against the page's origin when there is one (fetch
 * implementations outside a browser, such as the one under jsdom, refuse relative URLs).
 */
function sameOrigin(path: string): string {
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return path;
  return new URL(path, location.origin).toString();
}

/** `/api/db/x` → `https://backend/db/x` in direct mode; same origin otherwise. */
function resolveUrl(path: string, backend: DirectBackend | null): string {
  if (!backend?.baseUrl) return sameOrigin(path);
  const base = backend.baseUrl.replace(/\/+$/, '');
  const rest =
    path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') ? path.slice(4) : path;
  return `${base}${rest.startsWith('/') || rest === '' ? rest : `/${rest}`}`;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

/** Newline-delimited JSON (`application/x-ndjson`): a stream of JSON values, one a line. */
function isNdjson(contentType: string | null): boolean {
  return contentType !== null && /\/(x-)?ndjson\b/i.test(contentType);
}

/** The body with the writer's id under `column`, unless it has one or there is no user. */
export function stampBody(
  body: unknown,
  column: RequestArgs['stamp'],
  userId: string | undefined,
): unknown {
  if (!column || !userId) return body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return record[column] === undefined ? { ...record, [column]: userId } : record;
}

/**
 * The base query of every endpoint: cookies, JSON, a timeout, `Prefer`, totals from
 * `Content-Range`, the direct backend of the hosted mode, and every failure mapped to an
 * `ApiError` by errors.ts. A 401 waits for the session to be renewed over the page and is sent
 * again, or, with no renewal possible, dispatches `sessionExpired` once per burst.
 */
export function createBaseQuery(options: BaseQueryOptions = {}): AppBaseQuery {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const burstWindowMs = options.burstWindowMs ?? DEFAULT_BURST_WINDOW_MS;
  const now = options.now ?? Date.now;
  const getReturnTo = options.getReturnTo ?? currentLocation;
  /** Last `sessionExpired` per store, keyed by the store's dispatch. */
  const lastSignal = new WeakMap<BaseQueryApi['dispatch'], number>();

  function signalSessionExpired(dispatch: BaseQueryApi['dispatch']): void {
    const last = lastSignal.get(dispatch);
    const time = now();
    if (last !== undefined && time - last < burstWindowMs) return;
    lastSignal.set(dispatch, time);
    dispatch(sessionExpired({ returnTo: getReturnTo() }));
  }

  /**
   * A 401 means the session is gone. With a renewal host attached (the sign-in dialog over the
   * page), the request waits for the user to sign in again and is sent once more, so nothing on
   * the page is lost; otherwise (or when the user goes to the sign-in page instead) the store
   * is told and sends the user to sign in.
   */
  const query: AppBaseQuery = async (rawArgs, api, extraOptions = {}) => {
    const result = await send(rawArgs, api, extraOptions);
    if (result.meta?.status !== 401 || !('error' in result)) return result;
    const args: RequestArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
    if (
      args.skipAuthRedirect ||
      extraOptions.skipAuthRedirect ||
      args.url.startsWith(IDENTITY_PREFIX)
    ) {
      return result;
    }
    const renewal = readExtra(api.extra).sessionRenewal?.request();
    if (!renewal) {
      signalSessionExpired(api.dispatch);
      return result;
    }
    const renewed = await untilAborted(renewal, api.signal);
    if (renewed === 'aborted') return { error: abortedError(), meta: result.meta };
    if (!renewed) return result;
    const again = await send(rawArgs, api, extraOptions);
    if (again.meta?.status === 401 && 'error' in again) signalSessionExpired(api.dispatch);
    return again;
  };

  const send: AppBaseQuery = async (rawArgs, api, extraOptions = {}) => {
    const args: RequestArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
    const method: HttpMethod = args.method ?? 'GET';
    const extra = readExtra(api.extra);
    const fetchFn: FetchFn =
      options.fetchFn ?? extra.fetchFn ?? ((input, init) => fetch(input, init));
    const getBackend = options.getBackend ?? extra.getBackend;
    const meta: ResponseMeta = { request: { method, url: args.url }, headers: {} };
    const what = `${method} ${args.url.split('?')[0] ?? args.url}`;

    const headers = new Headers({ Accept: 'application/json' });
    const prefer = args.prefer ?? (method === 'GET' ? false : 'return=representation');
    if (prefer) headers.set('Prefer', prefer);
    let body: BodyInit | undefined;
    if (args.body !== undefined) {
      if (isPassThroughBody(args.body)) {
        body = args.body as BodyInit;
      } else {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(stampBody(args.body, args.stamp, extra.currentUserId?.()));
      }
    }
    for (const [name, value] of Object.entries(extra.commonHeaders?.() ?? {})) {
      headers.set(name, value);
    }
    for (const [name, value] of Object.entries(args.headers ?? {})) headers.set(name, value);

    if (api.signal.aborted) return { error: abortedError(), meta };

    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(api.signal.reason);
    api.signal.addEventListener('abort', onAbort);
    const timeoutMs = args.timeoutMs ?? extraOptions.timeoutMs ?? defaultTimeoutMs;
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;

    try {
      const backend = getBackend?.() ?? null;
      const direct = Boolean(backend?.baseUrl);
      if (backend && direct) {
        const token = await backend.token();
        if (token) headers.set('Authorization', `Bearer ${token}`);
      }
      const url = resolveUrl(args.url, backend);
      meta.request.url = url;

      const response = await fetchFn(url, {
        method,
        headers,
        body,
        credentials: direct ? 'same-origin' : 'include',
        signal: controller.signal,
      });
      meta.status = response.status;
      meta.statusText = response.statusText;
      meta.headers = headersToRecord(response.headers);
      const total = parseContentRange(response.headers.get('content-range'));
      if (total !== undefined) meta.totalEntries = total;

      if (response.ok && args.responseType === 'blob') {
        return { data: await response.blob(), meta };
      }
      const json = isJson(response.headers.get('content-type'));
      const ndjson = isNdjson(response.headers.get('content-type'));
      if (response.ok && (json || ndjson) && args.readJson) {
        const reader = args.readJson();
        if (!(await streamText(response, reader))) return { data: null, meta };
        try {
          return { data: reader.end(), meta };
        } catch {
          return { error: parseError(what, ''), meta };
        }
      }
      const text = await response.text();
      let data: unknown = text === '' ? null : text;
      if (text !== '' && json) {
        try {
          data = JSON.parse(text);
        } catch {
          if (response.ok) return { error: parseError(what, text), meta };
        }
      }

      if (response.ok) {
        if (args.notFound !== undefined && Array.isArray(data) && data.length === 0) {
          return { error: notFoundError(args.notFound), meta };
        }
        return { data, meta };
      }

      return { error: httpError(response.status, data), meta };
    } catch {
      if (timedOut) return { error: timeoutError(), meta };
      if (api.signal.aborted) return { error: abortedError(), meta };
      return { error: networkError(), meta };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      api.signal.removeEventListener('abort', onAbort);
    }
  };

  return query;
}

/** The renewal's answer, or `aborted` when the request is cancelled while it waits. */
function untilAborted(
  renewal: Promise<boolean>,
  signal: AbortSignal,
): Promise<boolean | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    void renewal.then((renewed) => {
      signal.removeEventListener('abort', onAbort);
      resolve(renewed);
    });
  });
}
