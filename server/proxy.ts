import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';

export interface Upstreams {
  /** Mission Control base URL (`MC_BACKEND_URL`), without a trailing slash. */
  backendUrl: string;
  /** Kratos public API base URL (`KRATOS_URL`); null reaches Kratos through `{backend}/kratos`. */
  kratosUrl: string | null;
}

const API_PREFIX = '/api';
const IDENTITY_PREFIX = '/.ory';

function joinUrl(base: string, pathAndQuery: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (pathAndQuery === '' || pathAndQuery.startsWith('?')) return `${trimmed}/${pathAndQuery}`;
  return `${trimmed}${pathAndQuery}`;
}

/**
 * The upstream URL for a browser request URL under /api, as the real deployment routes it:
 * `/api/.ory/*` → `{backend}/kratos/*` (or `{kratos}/*`), `/api/*` → `{backend}/*`.
 * The query string is kept byte for byte.
 */
export function proxyTarget(requestUrl: string, upstreams: Upstreams): string {
  if (!requestUrl.startsWith(API_PREFIX)) {
    throw new Error(`Not an API URL: ${requestUrl}`);
  }
  const rest = requestUrl.slice(API_PREFIX.length);
  const isIdentity =
    rest === IDENTITY_PREFIX ||
    rest.startsWith(`${IDENTITY_PREFIX}/`) ||
    rest.startsWith(`${IDENTITY_PREFIX}?`);
  if (isIdentity) {
    const identityRest = rest.slice(IDENTITY_PREFIX.length);
    return upstreams.kratosUrl === null
      ? joinUrl(upstreams.backendUrl, `/kratos${identityRest}`)
      : joinUrl(upstreams.kratosUrl, identityRest);
  }
  return joinUrl(upstreams.backendUrl, rest);
}

function appendForwarded(
  headers: IncomingHttpHeaders,
  name: string,
  value: string,
): string | string[] {
  const previous = headers[name];
  if (typeof previous === 'string' && previous !== '') return `${previous}, ${value}`;
  return value;
}

function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders) {
  return {
    ...headers,
    'x-forwarded-for': appendForwarded(headers, 'x-forwarded-for', request.ip),
    'x-forwarded-host': headers['x-forwarded-host'] ?? request.headers.host ?? '',
    'x-forwarded-proto': headers['x-forwarded-proto'] ?? request.protocol,
  };
}

function sendUpstreamError(reply: FastifyReply, target: string, error: Error): void {
  const code = (error as { code?: string }).code ?? '';
  const timedOut = /TIMEOUT/i.test(code) || error.name.includes('Timeout');
  const cause = (error as { cause?: Error }).cause;
  const detail = cause?.message || error.message || code || 'request failed';
  const origin = new URL(target).origin;
  reply
    .code(timedOut ? 504 : 502)
    .type('application/json; charset=utf-8')
    .send({
      error: timedOut
        ? `The backend at ${origin} did not answer in time: ${detail}`
        : `The backend at ${origin} could not be reached: ${detail}`,
    });
}

/**
 * Relays a request body through a stream of its own, so that when the upstream request fails
 * only the relay is destroyed and the client's connection stays open for the error answer.
 */
function detachable(payload: Readable): Readable {
  const relay = new PassThrough();
  payload.pipe(relay);
  payload.once('error', (error) => relay.destroy(error));
  payload.once('close', () => {
    if (!payload.readableEnded) relay.destroy(new Error('The client closed the request.'));
  });
  relay.once('close', () => {
    // The upstream gave up early: drain the rest so the client's request can complete.
    if (!payload.readableEnded) {
      payload.unpipe(relay);
      payload.resume();
    }
  });
  return relay;
}

/**
 * Forwards every request under /api to the real backend, streaming bodies both ways and keeping
 * status, headers and cookies as they are.
 */
export async function registerProxy(app: FastifyInstance, upstreams: Upstreams): Promise<void> {
  await app.register(replyFrom, {
    destroyAgent: true,
    disableRequestLogging: true,
    disableCache: true,
    undici: { headersTimeout: 120_000, bodyTimeout: 0 },
  });

  await app.register(
    async (api) => {
      // Request bodies are handed on as raw streams, never parsed or buffered.
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', (_request, payload, done) => done(null, detachable(payload)));

      api.all('/*', { compress: false }, (request, reply) => {
        const target = proxyTarget(request.url, upstreams);
        return reply.from(target, {
          rewriteRequestHeaders: (_req, headers) => forwardedHeaders(request, headers),
          retryDelay: () => null,
          onError: (_reply, { error }) => {
            // The body will not be sent anywhere now: stop relaying it (the rest is drained).
            if (request.body instanceof Readable) request.body.destroy();
            sendUpstreamError(reply, target, error);
          },
        });
      });
    },
    { prefix: API_PREFIX },
  );
}
