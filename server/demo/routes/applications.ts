import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { buildApplicationReport } from '../applications/report';
import { answerJsonErrors, requireAccess, sendError } from './guard';

/** MISC-05: `GET /application/{namespace}/{name}`, the application's audit report. */
export function applicationRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');
    app.get<{ Params: { namespace: string; name: string } }>(
      '/application/:namespace/:name',
      async (request, reply) => {
        if (!(await requireAccess(db, request, reply, 'applications', 'read'))) return reply;
        const { namespace, name } = request.params;
        const report = await buildApplicationReport(db, namespace, name);
        if (!report) {
          return sendError(reply, 404, `application ${namespace}/${name} not found`);
        }
        return reply.send(report);
      },
    );
  };
}
