import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlClient } from '../db/types';
import type { ReadCache, TimeWindow } from '../db/readCache';
import { RUN_NOW_ROLES } from '../../../contracts/access';
import { callerWithRole } from './canary/access';
import { answerJsonErrors } from './guard';
import { impersonationOf, ownCondition, selects } from '../auth/impersonation';
import { EncodedJson } from './encodedJson';
import { checkGraph, readGraphQuery } from './canary/graph';
import { isUuid } from './canary/ids';
import { runCheck } from './canary/runNow';
import { DEFAULT_DELETE_WINDOW_MS, checkSummariesJson, readSummaryOptions } from './canary/summary';

/** Name of the only check runner of the demo backend. */
export const RUNNER_NAME = 'local';

/** `duration` (ms) of a response, left out when zero as the backend does. */
function withDuration<T extends object>(started: number, body: T): T & { duration?: number } {
  const duration = Math.round(performance.now() - started);
  return duration > 0 ? { duration, ...body } : body;
}

/** What the health summary is read from (see ReadCache). */
const SUMMARY_TABLES = ['canaries', 'checks', 'demo_check_uptime'] as const;

/**
 * The windows of a summary: without `deleteFrom`, checks and canaries deleted within the last
 * three days are listed, a window ending now over their `deleted_at`; with it, none.
 */
function summaryWindows(body: unknown): TimeWindow[] {
  const bound = (now: Date) => {
    const options = readSummaryOptions(body, now);
    return 'error' in options ? now : options.deleteFrom;
  };
  if (bound(new Date(0)).getTime() === bound(new Date(DEFAULT_DELETE_WINDOW_MS)).getTime()) {
    return [];
  }
  return [
    { table: 'checks', column: 'deleted_at', bound },
    { table: 'canaries', column: 'deleted_at', bound },
  ];
}

/**
 * The canary endpoints of the demo backend: health summary (HEALTH-01), check graph (HEALTH-06)
 * and run now (HEALTH-08). The summary and graph need a signed-in caller; running a check
 * needs one of the roles admin, editor, responder or commander. Summaries are kept in `reads`
 * until the checks change or a deleted check leaves the window of the last three days.
 */
export function canaryRoutes(db: SqlClient, reads: ReadCache): FastifyPluginAsync {
  // Kept as the JSON text of the whole answer, compressed once per encoding: the summary of
  // thousands of checks is megabytes, too much to serialise and compress for every request.
  // Its `duration` is the time the answer took to make. The options are read at the moment of
  // the read, so that its deleted-checks window ends then.
  const summary = async (body: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const checked = readSummaryOptions(body, new Date());
    if ('error' in checked) return reply.code(400).send(checked);
    const impersonation = impersonationOf(request);
    const narrow = ownCondition(impersonation, 'canary', 'ca');
    const answer = await reads.read(
      `health summary ${JSON.stringify(body ?? null)} ${impersonation?.key ?? ''}`,
      SUMMARY_TABLES,
      async (now) => {
        const started = performance.now();
        const read = readSummaryOptions(body, now);
        if ('error' in read) throw new Error(read.error);
        const options = { ...read, narrow };
        // The checks' text is joined by the database; the answer around it is written here
        // as withDuration writes it.
        const checks = await checkSummariesJson(db, options);
        const duration = Math.round(performance.now() - started);
        return new EncodedJson(
          `{${duration > 0 ? `"duration":${duration},` : ''}"runnerName":${JSON.stringify(RUNNER_NAME)},"checks_summary":${checks}}`,
        );
      },
      summaryWindows(body),
    );
    return answer.send(request, reply);
  };

  return async (app) => {
    // Within these routes only: an empty JSON body is no options, and errors answer `{error}`.
    answerJsonErrors(app, 'application/json');

    app.get('/canary/api/summary', async (request, reply) => {
      if (!(await callerWithRole(db, request, reply))) return reply;
      return summary(undefined, request, reply);
    });

    app.post('/canary/api/summary', async (request, reply) => {
      if (!(await callerWithRole(db, request, reply))) return reply;
      return summary(request.body, request, reply);
    });

    app.get('/canary/api/graph', async (request, reply) => {
      const started = performance.now();
      if (!(await callerWithRole(db, request, reply))) return reply;
      const graph = readGraphQuery((request.query ?? {}) as Record<string, unknown>, new Date());
      if ('error' in graph) return reply.code(400).send(graph);
      // Impersonating: a check outside the scopes is not found.
      const outside = !(await selects(db, impersonationOf(request), 'check', graph.checkId));
      const result = outside ? null : await checkGraph(db, graph);
      if (!result) {
        return reply.code(404).send({ error: `check ${graph.checkId} not found` });
      }
      return reply.send(withDuration(started, { runnerName: RUNNER_NAME, ...result }));
    });

    app.post<{ Params: { checkId: string } }>(
      '/canary/run/check/:checkId',
      async (request, reply) => {
        if (!(await callerWithRole(db, request, reply, RUN_NOW_ROLES, 'update'))) return reply;
        const { checkId } = request.params;
        if (!isUuid(checkId)) return reply.code(404).send({ error: `check ${checkId} not found` });
        const result = await runCheck(db, checkId.toLowerCase());
        if (!result) return reply.code(404).send({ error: `check ${checkId} not found` });
        return reply.send(result);
      },
    );
  };
}
