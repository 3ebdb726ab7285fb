import { randomUUID } from 'node:crypto';
import { maskCsrfToken, verifyCsrfToken } from '../csrf';
import { csrfViolation, errors } from '../errors';
import type { ActiveSession, Exchange } from '../exchange';
import { flowUiUrl, sendFlow, withQuery } from '../respond';
import type { FlowInternal, FlowKind, FlowRecord, FlowState } from '../store/flows';
import { findFlow } from '../store/flows';
import { availableAal } from '../store/identities';
import type { Aal, SessionRecord } from '../store/sessions';
import { createSession } from '../store/sessions';

export interface NewFlowInit {
  state: FlowState;
  identityId?: string | null;
  returnTo?: string | null;
  aal?: Aal;
  refresh?: boolean;
  internal?: FlowInternal;
  /** Defaults to the URL of the current request. */
  requestUrl?: string;
}

export function flowAction(ex: Exchange, kind: FlowKind, id: string): string {
  return `${ex.endpoints.publicBase}/self-service/${kind}?flow=${id}`;
}

export function initUrl(ex: Exchange, kind: FlowKind): string {
  return `${ex.endpoints.publicBase}/self-service/${kind}/browser`;
}

/** A new browser flow bound to the request's anti-CSRF cookie (issued when missing). Not yet stored. */
export function newFlow(ex: Exchange, kind: FlowKind, init: NewFlowInit): FlowRecord {
  const id = randomUUID();
  const internal = init.internal ?? {};
  return {
    id,
    kind,
    state: init.state,
    csrfToken: maskCsrfToken(ex.ensureCsrfSecret()),
    identityId: init.identityId ?? null,
    requestUrl: init.requestUrl ?? ex.requestUrl,
    returnTo: init.returnTo ?? null,
    issuedAt: ex.now,
    expiresAt: new Date(ex.now.getTime() + ex.settings.flowLifetimeMs),
    ui: { action: flowAction(ex, kind, id), method: 'POST', nodes: [] },
    aal: init.aal ?? 'aal1',
    refresh: init.refresh ?? false,
    internal,
    active: null,
    createdAt: ex.now,
    updatedAt: ex.now,
  };
}

function allowedReturnBases(ex: Exchange): URL[] {
  const { endpoints, settings } = ex;
  const bases = [
    endpoints.publicOrigin,
    endpoints.ui.defaultReturn,
    endpoints.ui.login,
    ...settings.allowedReturnUrls,
  ];
  return bases.map((base) => new URL(base, endpoints.publicOrigin + '/'));
}

/** Resolves `return_to` (relative to the default return URL) and checks it against the allow-list. */
export function checkReturnTo(ex: Exchange, raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, ex.endpoints.ui.defaultReturn);
  } catch {
    throw errors.returnToForbidden(raw);
  }
  const allowed = allowedReturnBases(ex).some((base) => {
    if (base.origin !== url.origin) return false;
    const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return (
      base.pathname === '/' || url.pathname === base.pathname || url.pathname.startsWith(prefix)
    );
  });
  if (!allowed || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw errors.returnToForbidden(url.toString());
  return url.toString();
}

function csrfHeader(ex: Exchange): string | undefined {
  const header = ex.req.headers['x-csrf-token'];
  return Array.isArray(header) ? header[0] : header;
}

function failCsrf(ex: Exchange, tokenSent: boolean): never {
  throw csrfViolation({
    hasCookieHeader: Boolean(ex.req.headers.cookie),
    hasCsrfCookie: ex.hasCsrfCookie,
    tokenSent,
    hasOrigin: Boolean(ex.req.headers.origin),
  });
}

/** GET of a browser flow: the anti-CSRF cookie must verify against the token stored with it. */
export function assertFlowCsrfOnGet(ex: Exchange, flow: FlowRecord): void {
  if (flow.internal.skipCsrf) return;
  if (!verifyCsrfToken(ex.currentCsrfSecret, flow.csrfToken)) failCsrf(ex, Boolean(csrfHeader(ex)));
}

/** Submissions: `csrf_token` from the body (or `X-CSRF-Token`) must verify against the cookie. */
export function assertCsrfOnUpdate(
  ex: Exchange,
  flow: FlowRecord,
  body: Record<string, unknown>,
): void {
  if (flow.internal.skipCsrf) return;
  const token = (typeof body.csrf_token === 'string' && body.csrf_token) || csrfHeader(ex) || '';
  if (!verifyCsrfToken(ex.currentCsrfSecret, token)) failCsrf(ex, token !== '');
}

export function isExpired(ex: Exchange, flow: FlowRecord): boolean {
  return flow.expiresAt.getTime() <= ex.now.getTime();
}

export async function requireFlow(
  ex: Exchange,
  kind: FlowKind,
  id: string | undefined,
): Promise<FlowRecord> {
  const flow = await findFlow(ex.db, kind, id);
  if (!flow) throw errors.notFound();
  return flow;
}

/**
 * The handler of `GET /self-service/<kind>/flows?id=`: the stored flow, once the anti-CSRF cookie
 * verifies against it (410 when it has expired).
 */
export function getFlowHandler(kind: FlowKind): (ex: Exchange) => Promise<void> {
  return async (ex) => {
    const flow = await requireFlow(ex, kind, ex.query.id);
    assertFlowCsrfOnGet(ex, flow);
    if (isExpired(ex, flow)) expiredOnGet(ex, flow);
    await sendFlow(ex, flow);
  };
}

/** The 410 of a GET on an expired flow, pointing at the init endpoint. */
export function expiredOnGet(ex: Exchange, flow: FlowRecord): never {
  const redirectTo = flow.returnTo
    ? withQuery(initUrl(ex, flow.kind), { return_to: flow.returnTo })
    : initUrl(ex, flow.kind);
  throw errors.flowExpiredOnGet(flow.kind, redirectTo, flow.returnTo ?? '');
}

/** The 410 of a submission to an expired flow, carrying the replacement flow's id. */
export function expiredOnUpdate(ex: Exchange, flow: FlowRecord, replacement: FlowRecord): never {
  throw errors.flowExpiredOnUpdate(
    flow.expiresAt,
    ex.now,
    replacement.id,
    flowUiUrl(ex, replacement),
  );
}

/** 403 `session_aal2_required` when the identity has a second factor the session has not used. */
export function assertSessionAal(ex: Exchange, active: ActiveSession, returnTo?: string): void {
  if (availableAal(active.identity) !== 'aal2' || active.session.aal === 'aal2') return;
  const params: Record<string, string> = { aal: 'aal2' };
  if (returnTo) params.return_to = returnTo;
  throw errors.aal2Required(withQuery(initUrl(ex, 'login'), params));
}

/** 400 `session_already_available` when the request has a session (sign-up and recovery are for the signed out). */
export async function assertSignedOut(ex: Exchange, returnTo: string | null = null): Promise<void> {
  if (await ex.activeSession())
    throw errors.alreadyLoggedIn(returnTo ?? ex.endpoints.ui.defaultReturn);
}

export function defaultReturnTo(ex: Exchange, flow: FlowRecord): string {
  return flow.returnTo ?? ex.endpoints.ui.defaultReturn;
}

export function requestMeta(ex: Exchange): { ipAddress: string | null; userAgent: string | null } {
  const agent = ex.req.headers['user-agent'];
  return {
    ipAddress: ex.req.ip ?? null,
    userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? null,
  };
}

/** A new session of the identity that has just authenticated with `method`, from this request. */
export function newSession(
  ex: Exchange,
  identityId: string,
  method: string,
): Promise<SessionRecord> {
  return createSession(ex.db, {
    identityId,
    method,
    now: ex.now,
    lifetimeMs: ex.settings.sessionLifetimeMs,
    ...requestMeta(ex),
  });
}
