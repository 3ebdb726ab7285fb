import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import type { SqlClient } from '../db/types';
import { callerAllows, type Operation } from '../auth/access';
import { resolveCaller, type Caller } from '../auth/caller';
import type { Resource } from '../auth/rbac';

/** A native handler's error: JSON `{ error }` with the status (api.md §2.4). */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message });
}

/** The caller, or null after answering 401. */
export async function requireCaller(
  db: SqlClient,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Caller | null> {
  const caller = await resolveCaller(db, request);
  if (!caller) {
    sendError(reply, 401, 'Unauthorized');
    return null;
  }
  return caller;
}

/** The caller when `callerAllows` lets it perform the operation, or null after answering 401 or 403. */
export async function requireAccess(
  db: SqlClient,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: Resource,
  operation: Operation,
): Promise<Caller | null> {
  const caller = await requireCaller(db, request, reply);
  if (!caller) return null;
  if (!callerAllows(caller, resource, operation)) {
    sendError(reply, 403, `not allowed to ${operation} ${resource}`);
    return null;
  }
  return caller;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Checks a JSON body against a struct; the failure names the first offending field. */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown): Parsed<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'invalid request body: expected a JSON object' };
  }
  const [failure, value] = validate(body, struct);
  if (!failure) return { ok: true, value };
  const field = failure.path.join('.');
  return {
    ok: false,
    error: `invalid request body: ${field ? `${field}: ` : ''}${failure.message}`,
  };
}

/** The body checked against `struct`, or null after answering 400 with what `parseBody` found. */
export function requireBody<T, S>(
  reply: FastifyReply,
  struct: Struct<T, S>,
  body: unknown,
): T | null {
  const parsed = parseBody(struct, body);
  if (parsed.ok) return parsed.value;
  sendError(reply, 400, parsed.error);
  return null;
}

/**
 * Every route of `app` needs a caller allowed the operation on the resource: the others are
 * answered 401 or 403 before the body is read.
 */
export function guardRoutes(
  app: FastifyInstance,
  db: SqlClient,
  resource: Resource,
  operation: Operation,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!(await requireAccess(db, request, reply, resource, operation))) return reply;
    return undefined;
  });
}

/**
 * For the routes of one plugin: JSON bodies of `contentType` (`*` for any) are parsed from their
 * text, an empty body is no options (undefined), a malformed one answers 400, and every error
 * answers `{ error }` (a 5xx without its details, which go to the log).
 */
export function answerJsonErrors(
  app: FastifyInstance,
  contentType: 'application/json' | '*',
): void {
  if (contentType === '*') app.removeAllContentTypeParsers();
  else app.removeContentTypeParser(contentType);
  app.addContentTypeParser(contentType, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('the request body is not valid JSON'), { statusCode: 400 }));
    }
  });
  app.setErrorHandler(async (error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return sendError(
      reply,
      status,
      status < 500 ? (error.message ?? 'bad request') : 'internal error',
    );
  });
}
