/**
 * The one error mapper of the console: every failed request, and anything else thrown while
 * talking to the backend, becomes a sentence the user can read.
 */

/** What went wrong: an HTTP status, or a failure that never produced a usable answer. */
export type ApiErrorStatus =
  | number
  | 'TIMEOUT'
  | 'NETWORK'
  | 'OFFLINE'
  | 'PARSE'
  | 'SHAPE'
  /** Cancelled by its caller (RTK Query's signal). Never meant to be shown. */
  | 'ABORTED';

/** The error value of every endpoint: `error` of a hook, the rejection of `unwrap()`. */
export interface ApiError {
  status: ApiErrorStatus;
  /** Already in the user's words. */
  message: string;
  /** The response body, when there was one. */
  data?: unknown;
}

export const ERROR_MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
  aborted: 'The request was cancelled.',
  generic: 'An error occurred',
} as const;

/** Plain-text bodies longer than this are not shown (proxy error pages, stack traces). */
const MAX_TEXT_LENGTH = 200;

// Control characters (other than tab and line breaks) and the replacement character.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** True when the browser says it has no network at all. Unknown (no navigator) counts as online. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A short, printable plain-text body (RBAC's `unauthorized. Access Denied`, an identity
 * service's `Session Expired`), or undefined for anything else: empty text, HTML pages, JSON
 * that did not parse, binary data, long dumps.
 */
export function readableText(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_TEXT_LENGTH) return undefined;
  if (/^[<{[]/.test(trimmed)) return undefined;
  if (UNPRINTABLE.test(trimmed)) return undefined;
  return trimmed.replace(/\s+/g, ' ');
}

/**
 * The message carried by an error response body, or undefined when it carries none:
 * - a JSON object's `error` when it is a non-empty string (mission-control, canary-checker);
 * - else its `message` (PostgREST's `{ code, message, details, hint }`, rbac handlers);
 * - else an identity-service error object's `error.reason` or `error.message`;
 * - a plain-text body when it is short and printable.
 */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return readableText(body);
  if (!isRecord(body)) return undefined;
  const direct = nonEmptyString(body.error) ?? nonEmptyString(body.message);
  if (direct) return direct;
  if (isRecord(body.error)) {
    return nonEmptyString(body.error.reason) ?? nonEmptyString(body.error.message);
  }
  return undefined;
}

export function timeoutError(): ApiError {
  return isOffline()
    ? { status: 'OFFLINE', message: ERROR_MESSAGES.offline }
    : { status: 'TIMEOUT', message: ERROR_MESSAGES.timeout };
}

/** The request never got an answer (DNS, refused connection, CORS, dropped network). */
export function networkError(): ApiError {
  return isOffline()
    ? { status: 'OFFLINE', message: ERROR_MESSAGES.offline }
    : { status: 'NETWORK', message: ERROR_MESSAGES.network };
}

export function abortedError(): ApiError {
  return { status: 'ABORTED', message: ERROR_MESSAGES.aborted };
}

/** A write that matched no row (PostgREST answers 200 with `[]`): a 404 in the user's words. */
export function notFoundError(message: string): ApiError {
  return { status: 404, message };
}

/** An HTTP error status, with whatever body came with it. */
export function httpError(status: number, body: unknown): ApiError {
  const error: ApiError = { status, message: messageFromBody(body) ?? ERROR_MESSAGES.generic };
  if (body !== undefined && body !== null && body !== '') error.data = body;
  return error;
}

/** A successful status whose JSON body could not be read. */
export function parseError(what: string, text: string): ApiError {
  return {
    status: 'PARSE',
    message: `Unexpected response from ${what}: not valid JSON`,
    data: text,
  };
}

/** A response of the wrong shape (see validate.ts). */
export function shapeError(message: string, data?: unknown): ApiError {
  return data === undefined ? { status: 'SHAPE', message } : { status: 'SHAPE', message, data };
}

const API_ERROR_STATUSES: ReadonlySet<unknown> = new Set([
  'TIMEOUT',
  'NETWORK',
  'OFFLINE',
  'PARSE',
  'SHAPE',
  'ABORTED',
]);

export function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    (typeof value.status === 'number' || API_ERROR_STATUSES.has(value.status))
  );
}

/** The HTTP status of a failed query (`403`, `404`, …), if it has one. */
export function errorStatus(error: unknown): unknown {
  return isRecord(error) ? error.status : undefined;
}

/** Errors that fetch and AbortSignal produce, as real objects or as RTK's serialized copies. */
function messageFromThrown(name: string, message: string): string {
  if (name === 'TimeoutError') return timeoutError().message;
  if (name === 'AbortError') return ERROR_MESSAGES.aborted;
  if (name === 'TypeError' && /fetch|network|load failed/i.test(message)) {
    return networkError().message;
  }
  return readableText(message) ?? ERROR_MESSAGES.generic;
}

/**
 * Any failure in the user's words. Understands, in this order: an `ApiError`; RTK's
 * `fetchBaseQuery` error shapes (`TIMEOUT_ERROR`, `FETCH_ERROR`, `PARSING_ERROR`,
 * `{ status: number, data }`); `Error` objects and RTK's serialized errors (`{ name, message }`);
 * a plain string. Everything else gives "An error occurred".
 */
export function toErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (typeof error === 'string') return readableText(error) ?? ERROR_MESSAGES.generic;
  if (error instanceof Error) return messageFromThrown(error.name, error.message);
  if (!isRecord(error)) return ERROR_MESSAGES.generic;

  const { status } = error;
  if (status === 'TIMEOUT_ERROR') return timeoutError().message;
  if (status === 'FETCH_ERROR') return networkError().message;
  if (typeof status === 'number' || status === 'PARSING_ERROR') {
    return messageFromBody(error.data) ?? ERROR_MESSAGES.generic;
  }
  if (status === 'CUSTOM_ERROR') {
    return nonEmptyString(error.error) ?? messageFromBody(error.data) ?? ERROR_MESSAGES.generic;
  }
  if (typeof error.message === 'string') {
    return messageFromThrown(typeof error.name === 'string' ? error.name : '', error.message);
  }
  return ERROR_MESSAGES.generic;
}
