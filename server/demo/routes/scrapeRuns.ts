import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import type { ScrapeCaptures, ScrapeRunner } from '../scrape/engine';
import { requireAccess, sendError } from './guard';

/** The largest body Run Now reads. */
export const RUN_BODY_LIMIT = 8 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPTIONS = ['async', 'captureHAR', 'captureLogs', 'captureSnapshots'] as const;

type RunBody = ScrapeCaptures & { async?: boolean };

/** The options of a Run Now body (text), or the reason it is refused. */
export function parseRunBody(
  text: string,
): { ok: true; value: RunBody } | { ok: false; error: string } {
  if (Buffer.byteLength(text) > RUN_BODY_LIMIT) {
    return { ok: false, error: `request body too large: at most ${RUN_BODY_LIMIT} bytes` };
  }
  if (text.trim() === '') return { ok: true, value: {} };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid request body: expected one JSON object' };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'invalid request body: expected a JSON object' };
  }
  const value: RunBody = {};
  for (const option of OPTIONS) {
    const given = (body as Record<string, unknown>)[option];
    if (given === undefined) continue;
    if (typeof given !== 'boolean') {
      return { ok: false, error: `invalid request body: ${option} must be a boolean` };
    }
    value[option] = given;
  }
  // The demo's own option (config-db ignores it): this run's log level.
  const level = (body as Record<string, unknown>).logLevel;
  if (level !== undefined) {
    if (level !== 'info' && level !== 'debug' && level !== 'trace') {
      return { ok: false, error: 'invalid request body: logLevel must be info, debug or trace' };
    }
    value.logLevel = level;
  }
  return { ok: true, value };
}

/**
 * Run Now of a config scraper (config-db `POST /run/:id`, proxied by Mission Control under
 * `/api/config`): runs it now through the scrape engine, answering when the run ended, or with
 * `async`, as soon as its job row exists. Needs update on config_scrapers.
 */
export function scrapeRunRoutes(db: SqlClient, scrapes: ScrapeRunner): FastifyPluginAsync {
  return async (app) => {
    // The body is read as text whatever its type, so that every bad body is a 400 of ours.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
      done(null, String(body)),
    );
    app.setErrorHandler(
      async (error: { statusCode?: number; message?: string }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status === 413) return sendError(reply, 400, 'request body too large');
        if (status >= 500) request.log.error(error);
        return sendError(
          reply,
          status,
          status < 500 ? (error.message ?? 'bad request') : 'internal error',
        );
      },
    );
    app.addHook('onRequest', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'config_scrapers', 'update'))) return reply;
      return undefined;
    });

    app.post<{ Params: { id: string } }>('/config/run/:id', async (request, reply) => {
      const { id } = request.params;
      if (!UUID.test(id)) return sendError(reply, 400, `invalid scraper id: ${id}`);
      const parsed = parseRunBody(typeof request.body === 'string' ? request.body : '');
      if (!parsed.ok) return sendError(reply, 400, parsed.error);
      const { async: inBackground, ...captures } = parsed.value;
      const started = await scrapes.start(id, captures);
      if (!started) return sendError(reply, 404, `scraper with id=${id} was not found`);
      if (inBackground) {
        void started.done.catch(() => undefined);
        return reply.send({ job_history_id: started.jobHistoryId, status: 'RUNNING' });
      }
      const status = await started.done;
      return reply.send({ job_history_id: started.jobHistoryId, status });
    });
  };
}
