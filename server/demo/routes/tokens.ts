import type { FastifyPluginAsync } from 'fastify';
import { array, boolean, nullable, optional, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import { callerAllows } from '../auth/access';
import {
  TokenNameTakenError,
  createToken,
  deleteToken,
  effectivePermissions,
  findToken,
  listTokens,
} from '../auth/tokens';
import { parseScope } from '../auth/tokenScope';
import { requireBody, requireCaller, sendError } from './guard';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Upstream's `access_token.default_expiry`, used when no expiry is given. */
const DEFAULT_EXPIRY_MS = 90 * DAY_MS;
const UNIT_MS: Record<string, number> = {
  m: 60 * 1000,
  h: 60 * 60 * 1000,
  d: DAY_MS,
  w: 7 * DAY_MS,
  y: 365 * DAY_MS,
};

/** `30d`, `12h`, `1y` …; `never` is no expiry; empty is the default of 90 days. */
function parseExpiry(raw: string | null | undefined): { ms: number | null } | null {
  const value = (raw ?? '').trim();
  if (value === '') return { ms: DEFAULT_EXPIRY_MS };
  if (value === 'never') return { ms: null };
  const match = /^(\d{1,6})([mhdwy])$/.exec(value);
  const amount = Number(match?.[1]);
  const unit = UNIT_MS[match?.[2] ?? ''];
  if (!unit || !(amount > 0)) return null;
  return { ms: amount * unit };
}

const CreateTokenBody = type({
  name: string(),
  expiry: optional(nullable(string())),
  auto_renew: optional(nullable(boolean())),
  autoRenew: optional(nullable(boolean())),
  scope: optional(
    nullable(
      array(type({ subject: optional(nullable(string())), object: string(), action: string() })),
    ),
  ),
});

/**
 * API tokens (api.md AUTH-09 … AUTH-11, AUTH-13). Any signed-in person may create tokens, as
 * upstream allows. Upstream lists every token to anyone signed in; here a person sees the tokens
 * they created (or that act as them) and only admins see all of them.
 */
export function tokenRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    app.post('/auth/create_token', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      if (caller.via === 'token') {
        return sendError(reply, 403, 'an access token cannot create access tokens');
      }
      const body = requireBody(reply, CreateTokenBody, request.body);
      if (!body) return reply;
      const name = body.name.trim();
      if (!name) return sendError(reply, 400, 'name is required');
      if (name.length > 100) return sendError(reply, 400, 'name must be at most 100 characters');
      const expiry = parseExpiry(body.expiry);
      if (!expiry) {
        return sendError(
          reply,
          400,
          `error parsing expiry[${body.expiry ?? ''}]: use 30d, 90d, 180d, 365d or never`,
        );
      }
      const scope = parseScope(body.scope ?? []);
      if (!scope.ok) return sendError(reply, 400, scope.error);
      if (!caller.email.includes('@')) {
        return sendError(reply, 400, `invalid email "${caller.email}" of the token owner`);
      }
      try {
        const created = await createToken(
          db,
          { personId: caller.personId, name: caller.name, email: caller.email },
          {
            name,
            expiresInMs: expiry.ms,
            autoRenew: body.auto_renew ?? body.autoRenew ?? false,
            scope: scope.scope,
          },
        );
        return { message: 'success', payload: { token: created.secret } };
      } catch (error) {
        if (error instanceof TokenNameTakenError) return sendError(reply, 409, error.message);
        throw error;
      }
    });

    app.get('/auth/tokens', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const payload = await listTokens(db, {
        personId: caller.personId,
        all: caller.roles.includes('admin'),
      });
      return { message: 'success', payload };
    });

    app.delete<{ Params: { id: string } }>('/auth/token/:id', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const token = await findToken(db, request.params.id);
      if (!token) return sendError(reply, 404, `token ${request.params.id} not found`);
      if (token.createdBy !== caller.personId && !caller.roles.includes('admin')) {
        return sendError(reply, 403, 'only the creator or admins can delete access tokens');
      }
      await deleteToken(db, token);
      return { message: 'success' };
    });

    app.get<{ Params: { id: string } }>('/rbac/token/:id/permissions', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const token = await findToken(db, request.params.id);
      if (!token) return sendError(reply, 404, `token ${request.params.id} not found`);
      if (token.createdBy !== caller.personId && !callerAllows(caller, 'rbac', 'read')) {
        return sendError(reply, 403, 'only the creator or admins can read token permissions');
      }
      return { message: '', payload: await effectivePermissions(db, token) };
    });
  };
}
