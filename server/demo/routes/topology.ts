import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { answerJsonErrors, guardRoutes, sendError } from './guard';
import { impersonationOf, ownCondition, selects } from '../auth/impersonation';
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
      const impersonation = impersonationOf(request);
      const found = query.id === null ? ESTATE : await scopeOf(db, query.id);
      // Impersonating: only the components of the scopes; one outside them is not found.
      if (
        !found ||
        (query.id !== null && !(await selects(db, impersonation, 'component', query.id)))
      ) {
        return sendError(reply, 404, `component ${query.id} not found`);
      }
      const scope = { ...found, narrow: ownCondition(impersonation, 'component', 'c') };
      const [rows, links, teams] = await Promise.all([
        loadComponents(db, scope),
        loadLinks(db, scope),
        loadTeams(db, scope),
      ]);
      const index = new ScopeIndex(rows, comparatorOf(query.sortBy, query.sortOrder));
      // Narrowed, a component whose live parent is outside the scopes is a card of its own.
      let hiddenParents = new Set<string>();
      if (scope.narrow !== null) {
        const missing = [
          ...new Set(
            rows.flatMap((r) => (r.parent_id && !index.byId.has(r.parent_id) ? [r.parent_id] : [])),
          ),
        ];
        const { rows: live } = await db.query<{ id: string }>(
          'SELECT id::text AS id FROM components WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
          [missing],
        );
        hiddenParents = new Set(live.map((r) => r.id));
      }
      const body = topologyJson(index, query, rollUp(links, index.pathOf), teams, hiddenParents);
      if (body === null) return sendError(reply, 404, `component ${query.id} not found`);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.get<{ Params: { id: string } }>('/snapshot/topology/:id', async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendError(reply, 400, `id must be a UUID, got "${id}"`);
      const now = new Date();
      const options = readSnapshotQuery((request.query ?? {}) as Record<string, unknown>, now);
      if ('error' in options) return sendError(reply, 400, options.error);
      const inScopes = await selects(db, impersonationOf(request), 'component', id.toLowerCase());
      const snapshot = inScopes ? await buildSnapshot(db, id.toLowerCase(), options, now) : null;
      if (!snapshot) return sendError(reply, 404, `component ${id} not found`);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${snapshot.filename}"`)
        .send(Buffer.from(snapshot.zip));
    });
  };
}
