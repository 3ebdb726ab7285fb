/** The herodot error envelope and the error ids of kratos.md §4. */

export interface ErrorObject {
  id?: string;
  code: number;
  status: string;
  reason?: string;
  message: string;
  details?: Record<string, unknown>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

export class IdentityError extends Error {
  readonly code: number;
  readonly errorObject: ErrorObject;
  /** Fields sent next to `error` (for example `redirect_browser_to` or `use_flow_id`). */
  readonly extra: Record<string, unknown>;
  /** Where a browser in redirect mode is sent instead of the error page. */
  readonly browserRedirect: string | null;

  constructor(
    errorObject: Omit<ErrorObject, 'status'>,
    extra: Record<string, unknown> = {},
    browserRedirect: string | null = null,
  ) {
    super(errorObject.reason ?? errorObject.message);
    this.code = errorObject.code;
    this.errorObject = { ...errorObject, status: STATUS_TEXT[errorObject.code] ?? 'Error' };
    this.extra = extra;
    this.browserRedirect = browserRedirect;
  }

  get id(): string | undefined {
    return this.errorObject.id;
  }

  body(): Record<string, unknown> {
    return { error: this.errorObject, ...this.extra };
  }
}

const FORBIDDEN = 'The requested action was forbidden';
const BAD_REQUEST = 'The request was malformed or contained invalid parameters';

export const errors = {
  notFound: () => new IdentityError({ code: 404, message: 'Unable to locate the resource' }),

  badRequest: (reason: string) => new IdentityError({ code: 400, message: BAD_REQUEST, reason }),

  forbidden: (reason: string) => new IdentityError({ code: 403, message: FORBIDDEN, reason }),

  internal: (reason: string) =>
    new IdentityError({
      code: 500,
      message: 'An internal server error occurred, please contact the system administrator',
      reason,
    }),

  sessionInactive: (browserRedirect: string | null = null) =>
    new IdentityError(
      {
        id: 'session_inactive',
        code: 401,
        message: 'request does not have a valid authentication session',
        reason: 'No active session was found in this request.',
      },
      {},
      browserRedirect,
    ),

  alreadyLoggedIn: (browserRedirect: string) =>
    new IdentityError(
      {
        id: 'session_already_available',
        code: 400,
        message: 'you are already logged in',
        reason:
          'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      },
      {},
      browserRedirect,
    ),

  aal1Required: () =>
    new IdentityError({
      id: 'session_aal1_required',
      code: 401,
      message: 'aal2 and aal3 can only be requested if a session exists already',
      reason: 'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    }),

  aal2Required: (redirectTo: string) =>
    new IdentityError(
      {
        id: 'session_aal2_required',
        code: 403,
        message: 'Session does not fulfill the requested Authenticator Assurance Level',
        reason:
          'An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself with a second factor to resolve this issue.',
        details: { redirect_browser_to: redirectTo },
      },
      { redirect_browser_to: redirectTo },
      redirectTo,
    ),

  refreshRequired: (redirectTo: string) =>
    new IdentityError(
      {
        id: 'session_refresh_required',
        code: 403,
        message: FORBIDDEN,
        reason:
          'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      },
      { redirect_browser_to: redirectTo },
      redirectTo,
    ),

  identityMismatch: () =>
    new IdentityError({
      id: 'security_identity_mismatch',
      code: 403,
      message: FORBIDDEN,
      reason:
        'The request was initiated by someone else and has been blocked for security reasons. Please go back and try again.',
    }),

  returnToForbidden: (url: string) =>
    new IdentityError({
      id: 'self_service_flow_return_to_forbidden',
      code: 400,
      message: BAD_REQUEST,
      reason: `Requested return_to URL "${url}" is not allowed.`,
    }),

  locationChange: (redirectTo: string) =>
    new IdentityError(
      {
        id: 'browser_location_change_required',
        code: 422,
        message: 'browser location change required',
        reason: `In order to complete this flow please redirect the browser to: ${redirectTo}`,
        details: { redirect_browser_to: redirectTo },
      },
      { redirect_browser_to: redirectTo },
      redirectTo,
    ),

  /** GET of an expired flow. */
  flowExpiredOnGet: (kind: string, redirectTo: string, returnTo: string) =>
    new IdentityError({
      id: 'self_service_flow_expired',
      code: 410,
      message:
        'The requested resource is no longer available because it has expired or is otherwise invalid.',
      reason: `The ${kind} flow has expired. Redirect the user to the ${kind} flow init endpoint to initialize a new ${kind} flow.`,
      details: { redirect_to: redirectTo, return_to: returnTo },
    }),

  /** Submission to an expired flow; `useFlowId` is the replacement flow. */
  flowExpiredOnUpdate: (expiredAt: Date, now: Date, useFlowId: string, browserRedirect: string) => {
    const agoMs = Math.max(0, now.getTime() - expiredAt.getTime());
    return new IdentityError(
      {
        id: 'self_service_flow_expired',
        code: 410,
        message: 'self-service flow expired',
        reason: `The self-service flow expired ${(agoMs / 60000).toFixed(2)} minutes ago, initialize a new one.`,
      },
      { use_flow_id: useFlowId, expired_at: expiredAt.toISOString(), since: agoMs * 1e6 },
      browserRedirect,
    );
  },
};

const CSRF_REASON =
  'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.';
const CSRF_DOCS = 'https://www.ory.sh/kratos/docs/debug/csrf';
const NO_COOKIE = 'The HTTP Cookie Header is empty or not set.';
const COOKIE_MISSING = 'The HTTP Cookie Header was set but did not include the anti-CSRF cookie.';
const TOKEN_NOT_SENT =
  'The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).';
const TOKEN_MISMATCH =
  'The HTTP Cookie Header was set and a CSRF token was sent but they do not match. We recommend deleting all cookies for this domain and retrying the flow.';
const AJAX_HINT =
  "We detected an AJAX call, please ensure that CORS is enabled and configured correctly, and that your AJAX code sends cookies and has credentials enabled. For further debugging, check your Browser's Network Tab to see what cookies are included or excluded.";
const SERVER_HINT =
  "We detected a regular browser or server-side call. To debug browser calls check your Browser's Network Tab to see what cookies are included or excluded. If you are calling from a server ensure that the appropriate cookies are being forwarded and that the SDK method is called correctly.";

export interface CsrfFailure {
  hasCookieHeader: boolean;
  hasCsrfCookie: boolean;
  tokenSent: boolean;
  /** Requests without an `Origin` header are treated as AJAX calls, as the real service does. */
  hasOrigin: boolean;
}

export function csrfViolation(failure: CsrfFailure): IdentityError {
  const hint = failure.hasOrigin ? SERVER_HINT : AJAX_HINT;
  let details: Record<string, unknown>;
  if (!failure.hasCookieHeader) details = { docs: CSRF_DOCS, hint, reject_reason: NO_COOKIE };
  else if (!failure.hasCsrfCookie)
    details = { docs: CSRF_DOCS, hint, reject_reason: COOKIE_MISSING };
  else if (!failure.tokenSent) details = { docs: CSRF_DOCS, hint: TOKEN_NOT_SENT };
  else details = { docs: CSRF_DOCS, hint: AJAX_HINT, reject_reason: TOKEN_MISMATCH };
  return new IdentityError({
    id: 'security_csrf_violation',
    code: 403,
    message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
    reason: CSRF_REASON,
    details,
  });
}
