import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { parseFormBody } from './body';
import type { IdentityOptions } from './config';
import { resolveSettings } from './config';
import { SESSION_COOKIE, parseCookieHeader } from './cookies';
import { Exchange } from './exchange';
import { registerLoginRoutes } from './flows/login';
import { registerRecoveryRoutes } from './flows/recovery';
import { registerRegistrationRoutes } from './flows/registration';
import type { Route } from './flows/route';
import { registerSettingsRoutes } from './flows/settings';
import { registerVerificationRoutes } from './flows/verification';
import { sendError } from './respond';
import { registerErrorRoutes } from './routes/errors';
import { registerSessionRoutes } from './routes/session';
import { listMessages } from './store/courier';
import { availableAal, findIdentityById, roleOf } from './store/identities';
import { findActiveSession } from './store/sessions';

export type { IdentityOptions, UiUrls } from './config';
export type { CourierMessage } from './store/courier';
export { SESSION_COOKIE } from './cookies';
export { hashPassword, verifyPassword } from './password';
export { createIdentity, InvalidIdentityError } from './invite';
export type { CreatedIdentity, CreateIdentityOptions, NewIdentity } from './invite';
export { DuplicateIdentityError } from './store/identities';

const FORM = 'application/x-www-form-urlencoded';

/** The browser self-service API of the identity service; register it under `/api/.ory`. */
export function identityPlugin(options: IdentityOptions): FastifyPluginAsync {
  const settings = resolveSettings(options);
  return async (app) => {
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
      done(null, parseFormBody(String(body)));
    });
    app.setErrorHandler((error: FastifyError, _req, reply) => {
      const code =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      reply.code(code).send({
        error: {
          code,
          status: code === 500 ? 'Internal Server Error' : 'Bad Request',
          message:
            code === 500
              ? 'An internal server error occurred, please contact the system administrator'
              : 'The request was malformed or contained invalid parameters',
          reason: error.message,
        },
      });
    });

    const route: Route = (method, url, handler, routeOptions) => {
      app.route({
        method,
        url,
        handler: async (req, reply) => {
          const ex = new Exchange(req, reply, settings, app.prefix, routeOptions?.alwaysJson);
          try {
            await handler(ex);
          } catch (error) {
            await sendError(ex, error);
          }
          return reply;
        },
      });
    };
    registerLoginRoutes(route);
    registerRegistrationRoutes(route);
    registerRecoveryRoutes(route);
    registerVerificationRoutes(route);
    registerSettingsRoutes(route);
    registerSessionRoutes(route);
    registerErrorRoutes(route);
  };
}

/** Demo only: the messages the stand-in "sent", newest first (`?recipient=` filters). Mount at `/api/demo/mailbox`. */
export function mailboxPlugin(options: IdentityOptions): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (req) => {
      const { recipient } = (req.query ?? {}) as { recipient?: string };
      return listMessages(options.db, recipient ? String(recipient) : null);
    });
  };
}

export interface ResolvedSession {
  sessionId: string;
  identityId: string;
  personId: string;
  aal: 'aal1' | 'aal2';
  role: string;
  email: string;
}

/**
 * The signed-in identity of a `Cookie` header, or null. Like the identity service's whoami, a
 * session that has not completed an available second factor does not count.
 */
export async function resolveSession(
  db: SqlClient,
  cookieHeader: string | undefined,
): Promise<ResolvedSession | null> {
  const token = parseCookieHeader(cookieHeader).get(SESSION_COOKIE);
  if (!token) return null;
  const session = await findActiveSession(db, token, new Date());
  if (!session) return null;
  const identity = await findIdentityById(db, session.identityId);
  if (!identity) return null;
  if (availableAal(identity) === 'aal2' && session.aal !== 'aal2') return null;
  return {
    sessionId: session.id,
    identityId: identity.id,
    personId: identity.personId,
    aal: session.aal,
    role: await roleOf(db, identity),
    email: identity.traits.email,
  };
}
