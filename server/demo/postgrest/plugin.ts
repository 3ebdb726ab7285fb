import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PostgrestEngine } from './engine';
import type {
  PostgrestErrorBody,
  PostgrestMethod,
  PostgrestRequest,
  PostgrestResponse,
  RowNarrowing,
} from './types';

export type AuthorizeResult =
  | {
      ok: true;
      /** Who is asking, passed to SQL as `request.jwt.claims` (see PostgrestRequest.claims). */
      claims?: Record<string, unknown>;
      /**
       * Filters added to the request's own (`[column, 'eq.value']`), so it sees and changes only
       * these rows; ignored by inserts.
       */
      filters?: Array<[string, string]>;
      /** Narrows what reads see beyond `filters` (see RowNarrowing). */
      narrow?: RowNarrowing;
    }
  | { ok: false; status: number; body: string; headers?: Record<string, string> };

export interface PostgrestPluginOptions {
  /** Decides whether the caller may use `relation` with `method`; a refusal is sent as is. */
  authorize?: (req: FastifyRequest, relation: string, method: string) => Promise<AuthorizeResult>;
  /** Largest accepted body in bytes; default 10 MiB. */
  bodyLimit?: number;
  /**
   * Answers an authorized request, by `run` (the engine, reading date math against `now` when
   * given) or from what it keeps; by default every request runs.
   */
  answer?: (
    request: PostgrestRequest,
    run: (now?: Date) => Promise<PostgrestResponse>,
  ) => Promise<PostgrestResponse>;
}

const ENGINE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'TRACE'];
const JSON_TYPE = 'application/json; charset=utf-8';

function sendError(reply: FastifyReply, status: number, body: PostgrestErrorBody): FastifyReply {
  return reply.code(status).header('content-type', JSON_TYPE).send(JSON.stringify(body));
}

/** The raw query string, so repeated keys keep their order (PostgREST semantics). */
export function rawQuery(url: string): URLSearchParams {
  const index = url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : url.slice(index + 1));
}

function headerMap(request: FastifyRequest): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** A raw request body as JSON: an empty body is `undefined`, text that is not JSON is refused. */
export function parseBody(raw: unknown): ParsedBody {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Fastify plugin serving a PostgrestEngine; mount it under a prefix such as `/api/db`.
 * Bodies are read as JSON (empty bodies allowed), errors keep PostgREST's JSON shape.
 */
export function postgrestPlugin(
  engine: PostgrestEngine,
  options: PostgrestPluginOptions = {},
): FastifyPluginAsync {
  const bodyLimit = options.bodyLimit ?? 10 * 1024 * 1024;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
      done(null, body);
    });

    app.setErrorHandler((error: FastifyError, _request, reply) => {
      const status =
        error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
      return sendError(reply, status, {
        code: error.code ?? 'PGRST000',
        message: error.message,
        details: null,
        hint: null,
      });
    });

    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, {
        code: 'PGRST125',
        message: `Invalid path specified in request URL: ${request.method} ${request.url.split('?')[0] ?? ''}`,
        details: null,
        hint: null,
      }),
    );

    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const relation = (request.params as { '*'?: string })['*'] ?? '';
      const method = request.method.toUpperCase();
      if (!ENGINE_METHODS.has(method)) {
        return sendError(reply, 405, {
          code: 'PGRST117',
          message: `Unsupported HTTP method: ${method}`,
          details: null,
          hint: null,
        });
      }
      let claims: Record<string, unknown> | undefined;
      let narrow: RowNarrowing | undefined;
      const query = rawQuery(request.raw.url ?? request.url);
      if (options.authorize !== undefined) {
        const decision = await options.authorize(request, relation, method);
        if (!decision.ok) {
          return reply
            .code(decision.status)
            .headers({ 'content-type': 'text/plain; charset=utf-8', ...decision.headers })
            .send(decision.body);
        }
        claims = decision.claims;
        narrow = decision.narrow;
        if (method !== 'POST') {
          for (const [column, filter] of decision.filters ?? []) query.append(column, filter);
        }
      }
      const body = parseBody(request.body);
      if (!body.ok) {
        return sendError(reply, 400, {
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        });
      }
      const engineRequest: PostgrestRequest = {
        method: method as PostgrestMethod,
        relation,
        query,
        headers: headerMap(request),
        body: body.value,
        ...(claims === undefined ? {} : { claims }),
        ...(narrow === undefined ? {} : { narrow }),
      };
      const run = (now?: Date) =>
        engine.handle(now === undefined ? engineRequest : { ...engineRequest, now });
      const response = await (options.answer ? options.answer(engineRequest, run) : run());
      reply.code(response.status).headers(response.headers);
      if (response.body === undefined || method === 'HEAD') return reply.send();
      if (response.prepared) return response.prepared.send(request, reply);
      return reply.send(JSON.stringify(response.body));
    };

    app.route({ method: ROUTE_METHODS, url: '/', handler, exposeHeadRoute: false });
    app.route({ method: ROUTE_METHODS, url: '/*', handler, exposeHeadRoute: false });
  };
}
