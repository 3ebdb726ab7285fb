import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { answerJsonErrors, guardRoutes, sendError } from './guard';
import { isUuid } from './canary/ids';
import { ESTATE, loadComponents, loadLinks, loadTeams, scopeOf } from './topology/load';
import { readTopologyQuery } from './topology/query';
import { rollUp } from './topology/rollUps';
import { buildSnapshot, readSnapshotQuery } from './topology/snapshot';
import { ScopeIndex, comparatorOf, topologyJson } from './topology/tree';

/**
 * The topology endpoints of the demo backend: the component tree behind the topology cards
 * (api.md TOPO-01, `GET /canary/api/topology`) and the snapshot download (TOPO-10,
 * `GET /snapshot/topology/:id`). Both read components, so the caller needs read access to the
 * `topologies` resource group, as for the component tables under `/api/db`; otherwise 401 or 403.
 * Bad parameters answer 400 and an unknown component 404, each with `{ error }`.
 *
 * TOPO-01 reads `id`, `owner`, `labels`, `status`, `type`, `depth`, `flatten`, `sortBy`,
 * `sortOrder` and ignores `team`, `hidden` and `agent_id`; `tree.ts` says what they do. Every
 * component carries a `summary` computed when asked: its direct children by health, and the
 * checks, open incidents and open insights linked to it or to any of its descendants.
 */
export function topologyRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');
    guardRoutes(app, db, 'topologies', 'read');

    app.get('/canary/api/topology', async (request, reply) => {
      const query = readTopologyQuery((request.query ?? {}) as Record<string, unknown>);
      if ('error' in query) return sendError(reply, 400, query.error);
      const scope = query.id === null ? ESTATE : await scopeOf(db, query.id);
      if (!scope) return sendError(reply, 404, `component ${query.id} not found`);
      const [rows, links, teams] = await Promise.all([
        loadComponents(db, scope),
        loadLinks(db, scope),
        loadTeams(db, scope),
      ]);
      const index = new ScopeIndex(rows, comparatorOf(query.sortBy, query.sortOrder));
      const body = topologyJson(index, query, rollUp(links, index.pathOf), teams);
      if (body === null) return sendError(reply, 404, `component ${query.id} not found`);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.get<{ Params: { id: string } }>('/snapshot/topology/:id', async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendError(reply, 400, `id must be a UUID, got "${id}"`);
      const now = new Date();
      const options = readSnapshotQuery((request.query ?? {}) as Record<string, unknown>, now);
      if ('error' in options) return sendError(reply, 400, options.error);
      const snapshot = await buildSnapshot(db, id.toLowerCase(), options, now);
      if (!snapshot) return sendError(reply, 404, `component ${id} not found`);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${snapshot.filename}"`)
        .send(Buffer.from(snapshot.zip));
    });
  };
}
