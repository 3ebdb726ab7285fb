import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { catalogChanges } from './catalog/changes';
import { changesFieldsOfQuery, parseChangesRequest, parseSummaryRequest } from './catalog/request';
import { catalogSummary } from './catalog/summary';
import { answerJsonErrors, guardRoutes, sendError } from './guard';

/**
 * The catalog endpoints of the demo backend: the grouped summary (api.md CAT-02) and the change
 * search (CAT-19, and its deprecated GET form). Both read the catalog, so the caller needs read
 * access to the `database` resource group, as for the catalog's tables under `/api/db`. Bad
 * requests answer 400 with `{ error }` naming the field.
 */
export function catalogRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    // Within these routes only: any body is read as JSON text, an empty body is no options.
    answerJsonErrors(app, '*');
    // Sign-in and access are checked before the body is read.
    guardRoutes(app, db, 'database', 'read');

    app.post('/catalog/summary', async (request, reply) => {
      const parsed = parseSummaryRequest(request.body);
      if (!parsed.ok) return sendError(reply, 400, parsed.error);
      return reply.send(await catalogSummary(db, parsed.value));
    });

    app.post('/catalog/changes', async (request, reply) => {
      const parsed = parseChangesRequest(request.body, new Date());
      if (!parsed.ok) return sendError(reply, 400, parsed.error);
      return reply.send(await catalogChanges(db, parsed.value));
    });

    app.get('/catalog/changes', async (request, reply) => {
      const fields = changesFieldsOfQuery((request.query ?? {}) as Record<string, unknown>);
      const parsed = parseChangesRequest(fields, new Date());
      if (!parsed.ok) return sendError(reply, 400, parsed.error);
      return reply.send(await catalogChanges(db, parsed.value));
    });
  };
}
