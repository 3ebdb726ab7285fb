import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoints, IdentitySettings } from './config';
import { resolveEndpoints } from './config';
import { SESSION_COOKIE, appendCookie, parseCookieHeader, serializeCookie } from './cookies';
import { CSRF_COOKIE_MAX_AGE, csrfCookieName, newCsrfSecret, readCsrfSecret } from './csrf';
import { isJsonRequest } from './negotiate';
import type { IdentityRecord } from './store/identities';
import { findIdentityById } from './store/identities';
import type { SessionRecord } from './store/sessions';
import { findActiveSession } from './store/sessions';

export interface ActiveSession {
  session: SessionRecord;
  identity: IdentityRecord;
}

/** One request to the identity service, with what every handler needs. */
export class Exchange {
  readonly endpoints: Endpoints;
  readonly json: boolean;
  readonly now: Date;
  readonly cookies: Map<string, string>;
  readonly csrfCookieName: string;
  private csrfSecret: string | null;
  private sessionLookup: Promise<ActiveSession | null> | null = null;

  constructor(
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    readonly settings: IdentitySettings,
    readonly prefix: string,
    alwaysJson = false,
  ) {
    this.endpoints = resolveEndpoints(settings, `${req.protocol}://${req.host}${prefix}`);
    this.json = alwaysJson || isJsonRequest(req);
    this.now = settings.now();
    this.cookies = parseCookieHeader(req.headers.cookie);
    this.csrfCookieName = csrfCookieName(this.endpoints.publicBase);
    this.csrfSecret = readCsrfSecret(this.cookies.get(this.csrfCookieName));
  }

  get db() {
    return this.settings.db;
  }

  get secureCookies(): boolean {
    return this.endpoints.publicBase.startsWith('https:');
  }

  /** The query string parameters. */
  get query(): Record<string, string | undefined> {
    const query = this.req.query as Record<string, unknown> | undefined;
    const out: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(query ?? {})) {
      out[key] = Array.isArray(value)
        ? String(value[0])
        : value === undefined
          ? undefined
          : String(value);
    }
    return out;
  }

  /** The request as the browser addressed it: public base plus the path below the prefix. */
  get requestUrl(): string {
    return this.endpoints.publicBase + this.req.url.slice(this.prefix.length);
  }

  /** The CSRF secret from the cookie. */
  get currentCsrfSecret(): string | null {
    return this.csrfSecret;
  }

  get hasCsrfCookie(): boolean {
    return this.cookies.has(this.csrfCookieName);
  }

  /** The CSRF secret, issuing the cookie when the request carried none. */
  ensureCsrfSecret(): string {
    if (!this.csrfSecret) this.issueCsrfSecret();
    return this.csrfSecret as string;
  }

  /** A new CSRF secret: flows created before no longer verify. */
  rotateCsrfSecret(): string {
    this.issueCsrfSecret();
    return this.csrfSecret as string;
  }

  private issueCsrfSecret(): void {
    this.csrfSecret = newCsrfSecret();
    appendCookie(
      this.reply,
      serializeCookie(this.csrfCookieName, this.csrfSecret, {
        maxAgeSeconds: CSRF_COOKIE_MAX_AGE,
        secure: this.secureCookies,
      }),
    );
  }

  issueSessionCookie(session: SessionRecord): void {
    appendCookie(
      this.reply,
      serializeCookie(SESSION_COOKIE, session.token, {
        maxAgeSeconds: (session.expiresAt.getTime() - this.now.getTime()) / 1000,
        secure: this.secureCookies,
      }),
    );
  }

  clearSessionCookie(): void {
    appendCookie(
      this.reply,
      serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: this.secureCookies }),
    );
  }

  /** The session of the cookie or `X-Session-Token`, whatever its AAL. */
  activeSession(): Promise<ActiveSession | null> {
    this.sessionLookup ??= this.lookupSession();
    return this.sessionLookup;
  }

  /** Forget the cached session after it changed. */
  setActiveSession(active: ActiveSession | null): void {
    this.sessionLookup = Promise.resolve(active);
  }

  private async lookupSession(): Promise<ActiveSession | null> {
    const header = this.req.headers['x-session-token'];
    const token = (Array.isArray(header) ? header[0] : header) || this.cookies.get(SESSION_COOKIE);
    if (!token) return null;
    const session = await findActiveSession(this.db, token, this.now);
    if (!session) return null;
    const identity = await findIdentityById(this.db, session.identityId);
    return identity ? { session, identity } : null;
  }

  redirect(location: string): void {
    this.reply.code(303).header('location', location).send();
  }
}
