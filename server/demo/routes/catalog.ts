import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SqlClient } from '../db/types';
import type { ReadCache } from '../db/readCache';
import { catalogChanges } from './catalog/changes';
import { changesFieldsOfQuery, parseChangesRequest, parseSummaryRequest } from './catalog/request';
import { catalogSummary } from './catalog/summary';
import { answerJsonErrors, guardRoutes, sendError } from './guard';

/** What a change search is read from (see ReadCache). */
const CHANGES_TABLES = ['config_changes', 'config_items', 'config_relationships'] as const;

/**
 * The catalog endpoints of the demo backend: the grouped summary (api.md CAT-02) and the change
 * search (CAT-19, and its deprecated GET form). Both read the catalog, so the caller needs read
 * access to the `database` resource group, as for the catalog's tables under `/api/db`. Bad
 * requests answer 400 with `{ error }` naming the field. Change searches are kept in `reads`
 * until the catalog changes.
 */
export function catalogRoutes(db: SqlClient, reads: ReadCache): FastifyPluginAsync {
  // The answer of a search is kept by its fields and made with the time when it is made, so a
  // window ending now holds what was written before it (a write makes it again).
  const changes = async (fields: unknown, reply: FastifyReply) => {
    const parsed = parseChangesRequest(fields, new Date());
    if (!parsed.ok) return sendError(reply, 400, parsed.error);
    return reply.send(
      await reads.read(`changes ${JSON.stringify(fields ?? null)}`, CHANGES_TABLES, async () => {
        const request = parseChangesRequest(fields, new Date());
        if (!request.ok) throw new Error(request.error);
        return catalogChanges(db, request.value);
      }),
    );
  };
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

    app.post('/catalog/changes', (request, reply) => changes(request.body, reply));

    app.get('/catalog/changes', async (request, reply) => {
      const fields = changesFieldsOfQuery((request.query ?? {}) as Record<string, unknown>);
      return changes(fields, reply);
    });
  };
}
