import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SqlClient } from '../db/types';
import { RUN_NOW_ROLES } from '../../../contracts/access';
import { callerWithRole } from './canary/access';
import { answerJsonErrors } from './guard';
import { checkGraph, readGraphQuery } from './canary/graph';
import { isUuid } from './canary/ids';
import { runCheck } from './canary/runNow';
import { type SummaryOptions, checkSummaries, readSummaryOptions } from './canary/summary';

/** Name of the only check runner of the demo backend. */
export const RUNNER_NAME = 'local';

/** `duration` (ms) of a response, left out when zero as the backend does. */
function withDuration<T extends object>(started: number, body: T): T & { duration?: number } {
  const duration = Math.round(performance.now() - started);
  return duration > 0 ? { duration, ...body } : body;
}

/**
 * The canary endpoints of the demo backend: health summary (HEALTH-01), check graph (HEALTH-06)
 * and run now (HEALTH-08). The summary and graph need a signed-in caller; running a check
 * needs one of the roles admin, editor, responder or commander.
 */
export function canaryRoutes(db: SqlClient): FastifyPluginAsync {
  const summary = async (options: SummaryOptions, started: number, reply: FastifyReply) => {
    const checks = await checkSummaries(db, options);
    return reply.send(withDuration(started, { runnerName: RUNNER_NAME, checks_summary: checks }));
  };

  return async (app) => {
    // Within these routes only: an empty JSON body is no options, and errors answer `{error}`.
    answerJsonErrors(app, 'application/json');

    app.get('/canary/api/summary', async (request, reply) => {
      const started = performance.now();
      if (!(await callerWithRole(db, request, reply))) return reply;
      const options = readSummaryOptions(undefined, new Date());
      if ('error' in options) return reply.code(400).send(options);
      return summary(options, started, reply);
    });

    app.post('/canary/api/summary', async (request, reply) => {
      const started = performance.now();
      if (!(await callerWithRole(db, request, reply))) return reply;
      const options = readSummaryOptions(request.body, new Date());
      if ('error' in options) return reply.code(400).send(options);
      return summary(options, started, reply);
    });

    app.get('/canary/api/graph', async (request, reply) => {
      const started = performance.now();
      if (!(await callerWithRole(db, request, reply))) return reply;
      const graph = readGraphQuery((request.query ?? {}) as Record<string, unknown>, new Date());
      if ('error' in graph) return reply.code(400).send(graph);
      const result = await checkGraph(db, graph);
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
