import type { FastifyPluginAsync } from 'fastify';
import { array, boolean, integer, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { callerAllows } from '../auth/access';
import type { Caller } from '../auth/caller';
import {
  type Impersonation,
  impersonationOf,
  inSetCondition,
  ownCondition,
} from '../auth/impersonation';
import type { Resource } from '../auth/rbac';
import type { SqlClient } from '../db/types';
import { isUuid } from './canary/ids';
import { compileSelector, globToLike, SEARCH_MODELS, selectorSets } from '../search/compile';
import { selectorOf } from '../search/query';
import { requireBody, requireCaller, sendError } from './guard';

/** Rows one kind answers unless the selector or the request asks for fewer (or more). */
export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 500;

const Selector = type({
  id: optional(nullable(string())),
  name: optional(nullable(string())),
  namespace: optional(nullable(string())),
  agent: optional(nullable(string())),
  types: optional(nullable(array(string()))),
  statuses: optional(nullable(array(string()))),
  search: optional(nullable(string())),
  includeDeleted: optional(nullable(boolean())),
  limit: optional(nullable(integer())),
  labelSelector: optional(nullable(string())),
  tagSelector: optional(nullable(string())),
  fieldSelector: optional(nullable(string())),
  cache: optional(nullable(string())),
});
type SearchSelector = Infer<typeof Selector>;

/** The kinds the search reads. */
export const KINDS = [
  'configs',
  'checks',
  'canaries',
  'components',
  'connections',
  'playbooks',
  'config_changes',
] as const;
export type Kind = (typeof KINDS)[number];

const Selectors = optional(nullable(array(Selector)));
const SearchBody = type({
  configs: Selectors,
  checks: Selectors,
  canaries: Selectors,
  components: Selectors,
  connections: Selectors,
  playbooks: Selectors,
  config_changes: Selectors,
  limit: optional(nullable(integer())),
  /** A selector naming a key its kind lacks finds nothing of that kind instead of a 400. */
  lenient: optional(nullable(boolean())),
});

/** How each kind is read: its rows, the resource group guarding it, and its columns. */
interface KindTable {
  resource: Resource;
  from: string;
  name: string;
  namespace: string;
  type: string;
  icon: string;
  tags: string;
  health: string;
  status: string;
  /** The agent column (connections and playbooks have none). */
  agent: string | null;
  /** Columns of the kind's own, beyond the shape every kind answers. */
  extra: string;
  created: string;
  updated: string;
  deleted: string;
  order: string;
}

const RESOURCE_TABLE = (table: string, resource: Resource): KindTable => ({
  resource,
  from: `${table} t`,
  name: 't.name',
  namespace: 't.namespace',
  type: 't.type',
  icon: 't.icon',
  tags: 't.labels',
  health: 'NULL',
  status: 't.status',
  agent: 't.agent_id',
  extra: '',
  created: 't.created_at',
  updated: 't.updated_at',
  deleted: 't.deleted_at',
  order: 't.name, t.id',
});

const TABLES: Record<Kind, KindTable> = {
  configs: {
    ...RESOURCE_TABLE('config_items', 'database'),
    namespace: "t.tags->>'namespace'",
    tags: 't.tags',
    health: 't.health',
  },
  checks: RESOURCE_TABLE('checks', 'canaries'),
  canaries: {
    ...RESOURCE_TABLE('canaries', 'canaries'),
    type: "'Canary'",
    icon: 'NULL',
    status: 'NULL',
  },
  components: { ...RESOURCE_TABLE('components', 'topologies'), health: 't.health' },
  connections: {
    ...RESOURCE_TABLE('connections', 'connections'),
    icon: 'NULL',
    tags: 'NULL',
    status: 'NULL',
    agent: null,
  },
  playbooks: {
    ...RESOURCE_TABLE('playbooks', 'playbooks'),
    type: "coalesce(t.category, 'Playbook')",
    tags: 'NULL',
    status: 'NULL',
    agent: null,
  },
  // A change answers as its config (name, namespace, type, tags), with its own id and severity.
  config_changes: {
    resource: 'database',
    from: 'config_changes t JOIN config_items ci ON ci.id = t.config_id',
    name: 'ci.name',
    namespace: "ci.tags->>'namespace'",
    type: 'ci.type',
    icon: 'ci.icon',
    tags: 'ci.tags',
    health: 'NULL',
    status: 'NULL',
    agent: 'ci.agent_id',
    extra: `, t.severity, t.change_type, t.summary, t.config_id::text AS config_id`,
    created: 't.created_at',
    updated: 'NULL',
    deleted: 'ci.deleted_at',
    order: 't.created_at DESC, t.id',
  },
};

export type SelectorQuery =
  { ok: true; sql: string; params: unknown[] } | { ok: false; error: string; unknownKey: boolean };

/**
 * The SQL and parameters of one selector of one kind: its fields, and its `search`,
 * `labelSelector` and `fieldSelector` in the selector grammar (server/demo/search). When the
 * search names the agent or the id, the selector's `agent` does not apply; when it names
 * `deleted_at`, deleted rows are not left out.
 */
export function selectorQuery(
  kind: Kind,
  selector: SearchSelector,
  limit: number,
  now = new Date(),
  narrow: string | null = null,
): SelectorQuery {
  const t = TABLES[kind];
  const where: string[] = narrow === null ? [] : [narrow];
  const params: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const parsed = selectorOf(selector);
  if (!parsed.ok) return { ok: false, error: parsed.error, unknownKey: false };
  const compiled = compileSelector(SEARCH_MODELS[kind], parsed.value, param, now);
  if (!compiled.ok) return compiled;
  const ast = parsed.value;
  if (!selector.includeDeleted && !selectorSets(ast, ['deleted_at', 'deleted'])) {
    where.push(`${t.deleted} IS NULL`);
  }
  if (selector.id) where.push(isUuid(selector.id) ? `t.id = ${param(selector.id)}` : 'false');
  const name = selector.name?.trim();
  // `*` at either end of the name is a glob, as in the selector grammar the backend converts it to.
  if (name && name !== '*') {
    where.push(
      name.startsWith('*') || name.endsWith('*')
        ? `${t.name} LIKE ${param(globToLike(name))}`
        : `${t.name} = ${param(name)}`,
    );
  }
  const namespace = selector.namespace?.trim();
  if (namespace && namespace !== '*') where.push(`${t.namespace} = ${param(namespace)}`);
  const agent = selector.agent?.trim();
  if (t.agent && agent && agent !== 'all' && !selectorSets(ast, ['agent', 'id'])) {
    where.push(isUuid(agent) ? `${t.agent} = ${param(agent)}` : 'false');
  }
  if (selector.types && selector.types.length > 0) {
    where.push(`${t.type} = ANY(${param(selector.types)}::text[])`);
  }
  if (selector.statuses && selector.statuses.length > 0 && t.status !== 'NULL') {
    where.push(`${t.status} = ANY(${param(selector.statuses)}::text[])`);
  }
  where.push(...compiled.value.where);
  const rows = Math.min(compiled.value.limit ?? limit, MAX_SEARCH_LIMIT);
  const order = compiled.value.order ? `${compiled.value.order}, t.id` : t.order;
  const sql = `SELECT t.id::text AS id, ${t.name} AS name, ${t.namespace} AS namespace,
      ${t.type} AS type, ${t.agent ? `${t.agent}::text` : 'NULL'} AS agent, ${t.icon} AS icon,
      ${t.tags} AS tags, ${t.health} AS health, ${t.status} AS status,
      ${t.created} AS created_at, ${t.updated} AS updated_at, ${t.deleted} AS deleted_at${t.extra}
    FROM ${t.from}
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${order}
    LIMIT ${param(rows)}`;
  return { ok: true, sql, params };
}

function clampLimit(value: number | null | undefined, fallback: number): number {
  if (value === null || value === undefined || value <= 0) return fallback;
  return Math.min(value, MAX_SEARCH_LIMIT);
}

/** Leaves out the columns a row does not have, as the backend omits empty fields. */
function compact(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** A selector the search cannot apply: its kind, its index and the problem. */
class SearchError extends Error {}

/** The rows of a kind scope impersonation leaves (over `t`, and `ci` for changes); null: all. */
function narrowOf(impersonation: Impersonation | null, kind: Kind): string | null {
  switch (kind) {
    case 'configs':
      return ownCondition(impersonation, 'config', 't');
    case 'config_changes':
      return ownCondition(impersonation, 'config', 'ci');
    case 'checks':
      return inSetCondition(impersonation, 't.canary_id', 'canary');
    case 'canaries':
      return ownCondition(impersonation, 'canary', 't');
    case 'components':
      return ownCondition(impersonation, 'component', 't');
    case 'playbooks':
      return ownCondition(impersonation, 'playbook', 't');
    case 'connections':
      return null;
  }
}

async function searchKind(
  db: SqlClient,
  kind: Kind,
  selectors: readonly SearchSelector[],
  limit: number,
  lenient: boolean,
  impersonation: Impersonation | null,
): Promise<Record<string, unknown>[]> {
  const seen = new Set<string>();
  const found: Record<string, unknown>[] = [];
  const narrow = narrowOf(impersonation, kind);
  for (const [index, selector] of selectors.entries()) {
    const query = selectorQuery(
      kind,
      selector,
      clampLimit(selector.limit, limit),
      new Date(),
      narrow,
    );
    if (!query.ok) {
      if (lenient && query.unknownKey) continue;
      throw new SearchError(`${kind}[${index}].${query.error}`);
    }
    const { rows } = await db.query<Record<string, unknown>>(query.sql, query.params);
    for (const row of rows) {
      const id = String(row.id);
      if (seen.has(id)) continue;
      seen.add(id);
      found.push(compact(row));
    }
  }
  return found;
}

/** Which kinds the caller may read: the others are left out of the answer. */
function readableKinds(caller: Caller): Kind[] {
  return KINDS.filter((kind) => callerAllows(caller, TABLES[kind].resource, 'read'));
}

/**
 * MISC-03 `POST /resources/search`: per kind, the resources matching any of the selectors
 * (name, namespace, agent, types, statuses, and `search` in the selector grammar, its free text
 * a case-insensitive match in the name), ordered by name (changes: newest first), at most 50
 * each unless a limit says otherwise. Kinds the caller may not read, and kinds that found
 * nothing, are left out. A malformed selector, or one naming a key its kind lacks (unless
 * `lenient`), is a 400 naming the kind, the selector and the problem.
 */
export function resourceRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    app.post('/resources/search', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const body = requireBody(reply, SearchBody, request.body);
      if (!body) return reply;
      const limit = clampLimit(body.limit, DEFAULT_SEARCH_LIMIT);
      const answer: Record<string, unknown[]> = {};
      try {
        for (const kind of readableKinds(caller)) {
          const selectors = body[kind];
          if (!selectors || selectors.length === 0) continue;
          const found = await searchKind(
            db,
            kind,
            selectors,
            limit,
            body.lenient ?? false,
            impersonationOf(request),
          );
          if (found.length > 0) answer[kind] = found;
        }
      } catch (error) {
        if (error instanceof SearchError) return sendError(reply, 400, error.message);
        throw error;
      }
      return reply.send(answer);
    });
  };
}
