import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlClient } from '../db/types';
import type { ReadCache, TimeWindow } from '../db/readCache';
import { SEARCH_MODELS, selectorDateBounds } from '../search/compile';
import { catalogChanges } from './catalog/changes';
import { compileConfigQuery, runConfigQuery } from './catalog/configQuery';
import {
  type ChangesRequest,
  changesFieldsOfQuery,
  parseChangesRequest,
  parseSummaryRequest,
} from './catalog/request';
import { catalogSummary } from './catalog/summary';
import { EncodedJson } from './encodedJson';
import { answerJsonErrors, guardRoutes, sendError } from './guard';
import { impersonationOf, inSetCondition, ownCondition } from '../auth/impersonation';

/** What a change search is read from (see ReadCache). */
const CHANGES_TABLES = ['config_changes', 'config_items', 'config_relationships'] as const;

const DAY_MS = 86_400_000;

/** The bounds of a change search, with the column of config_changes each one bounds. */
const CHANGE_BOUNDS = [
  ['from', 'created_at'],
  ['to', 'created_at'],
  ['fromInsertedAt', 'inserted_at'],
  ['toInsertedAt', 'inserted_at'],
] as const satisfies ReadonlyArray<readonly [keyof ChangesRequest, string]>;

/**
 * The windows of a change search: each of its bounds written relative to now (`now-7d`, and
 * `from` by default) is a window ending now over the changes' timestamps.
 */
function changesWindows(fields: unknown): TimeWindow[] {
  const windows: TimeWindow[] = [];
  for (const [name, column] of CHANGE_BOUNDS) {
    const at = (now: Date) => {
      const parsed = parseChangesRequest(fields, now);
      return parsed.ok ? parsed.value[name] : null;
    };
    const early = at(new Date(0));
    const late = at(new Date(DAY_MS));
    if (early === null || late === null || early.getTime() === late.getTime()) continue;
    windows.push({ table: 'config_changes', column, bound: (now) => at(now) ?? now });
  }
  // A selector id comparing the configs' dates to now (`created_at>now-1d`).
  const parsed = parseChangesRequest(fields, new Date());
  const selector = parsed.ok ? parsed.value.selector : null;
  const bounds = selector ? selectorDateBounds(SEARCH_MODELS.configs, selector.ast) : [];
  for (const { column, bound } of bounds) {
    if (bound(new Date(0)).getTime() === bound(new Date(DAY_MS)).getTime()) continue;
    windows.push({ table: 'config_items', column: column.replace(/^t\./, ''), bound });
  }
  return windows;
}

/**
 * The catalog endpoints of the demo backend: the grouped summary (api.md CAT-02), the change
 * search (CAT-19, and its deprecated GET form) and the query builder's query (CAT-38). Both read the catalog, so the caller needs read
 * access to the `database` resource group, as for the catalog's tables under `/api/db`. Bad
 * requests answer 400 with `{ error }` naming the field. Change searches are kept in `reads`
 * until the catalog changes or a change crosses a bound relative to now.
 */
export function catalogRoutes(db: SqlClient, reads: ReadCache): FastifyPluginAsync {
  // The answer of a search is kept by its fields and made at the moment of the read, its
  // windows ending then; kept as its JSON text, compressed once per encoding.
  const changes = async (fields: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseChangesRequest(fields, new Date());
    if (!parsed.ok) return sendError(reply, 400, parsed.error);
    const impersonation = impersonationOf(request);
    const narrow = inSetCondition(impersonation, 'cc.config_id', 'config');
    const answer = await reads.read(
      `changes ${JSON.stringify(fields ?? null)} ${impersonation?.key ?? ''}`,
      CHANGES_TABLES,
      async (now) => {
        const made = parseChangesRequest(fields, now);
        if (!made.ok) throw new Error(made.error);
        return new EncodedJson(JSON.stringify(await catalogChanges(db, made.value, narrow)));
      },
      changesWindows(fields),
    );
    return answer.send(request, reply);
  };
  return async (app) => {
    // Within these routes only: any body is read as JSON text, an empty body is no options.
    answerJsonErrors(app, '*');
    // Sign-in and access are checked before the body is read.
    guardRoutes(app, db, 'database', 'read');

    app.post('/catalog/summary', async (request, reply) => {
      const parsed = parseSummaryRequest(request.body);
      if (!parsed.ok) return sendError(reply, 400, parsed.error);
      const narrow = ownCondition(impersonationOf(request), 'config', 'ci');
      return reply.send(await catalogSummary(db, parsed.value, new Date(), narrow));
    });

    app.post('/catalog/changes', (request, reply) => changes(request.body, request, reply));

    app.get('/catalog/changes', async (request, reply) => {
      const fields = changesFieldsOfQuery((request.query ?? {}) as Record<string, unknown>);
      return changes(fields, request, reply);
    });

    app.get('/config/query', async (request, reply) => {
      const { query } = (request.query ?? {}) as Record<string, unknown>;
      if (typeof query !== 'string') return sendError(reply, 400, 'query: one query is required');
      const compiled = compileConfigQuery(
        query,
        new Date(),
        ownCondition(impersonationOf(request), 'config', 't'),
      );
      if (!compiled.ok) return sendError(reply, 400, compiled.error);
      const answer = await runConfigQuery(db, compiled.value);
      if (!answer.ok) return sendError(reply, 400, answer.error);
      return reply.send(answer.value);
    });
  };
}
