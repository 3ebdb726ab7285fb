import type { FastifyPluginAsync } from 'fastify';
import { array, boolean, integer, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { callerAllows } from '../auth/access';
import type { Caller } from '../auth/caller';
import type { Resource } from '../auth/rbac';
import type { SqlClient } from '../db/types';
import { isUuid } from './canary/ids';
import { requireBody, requireCaller } from './guard';

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
  fieldSelector: optional(nullable(string())),
  cache: optional(nullable(string())),
});
type SearchSelector = Infer<typeof Selector>;

const KINDS = ['configs', 'checks', 'canaries', 'components', 'connections', 'playbooks'] as const;
type Kind = (typeof KINDS)[number];

const Selectors = optional(nullable(array(Selector)));
const SearchBody = type({
  configs: Selectors,
  checks: Selectors,
  canaries: Selectors,
  components: Selectors,
  connections: Selectors,
  playbooks: Selectors,
  limit: optional(nullable(integer())),
});

/** How each kind is read: its table, the resource group guarding it, and its columns. */
interface KindTable {
  resource: Resource;
  table: string;
  namespace: string;
  type: string;
  icon: string;
  tags: string;
  health: string;
  status: string;
  /** Whether the table has an agent (connections and playbooks have none). */
  agent: boolean;
}

const TABLES: Record<Kind, KindTable> = {
  configs: {
    resource: 'database',
    table: 'config_items',
    namespace: "t.tags->>'namespace'",
    type: 't.type',
    icon: 't.icon',
    tags: 't.tags',
    health: 't.health',
    status: 't.status',
    agent: true,
  },
  checks: {
    resource: 'canaries',
    table: 'checks',
    namespace: 't.namespace',
    type: 't.type',
    icon: 't.icon',
    tags: 't.labels',
    health: 'NULL',
    status: 't.status',
    agent: true,
  },
  canaries: {
    resource: 'canaries',
    table: 'canaries',
    namespace: 't.namespace',
    type: "'Canary'",
    icon: 'NULL',
    tags: 't.labels',
    health: 'NULL',
    status: 'NULL',
    agent: true,
  },
  components: {
    resource: 'topologies',
    table: 'components',
    namespace: 't.namespace',
    type: 't.type',
    icon: 't.icon',
    tags: 't.labels',
    health: 't.health',
    status: 't.status',
    agent: true,
  },
  connections: {
    resource: 'connections',
    table: 'connections',
    namespace: 't.namespace',
    type: 't.type',
    icon: 'NULL',
    tags: 'NULL',
    health: 'NULL',
    status: 'NULL',
    agent: false,
  },
  playbooks: {
    resource: 'playbooks',
    table: 'playbooks',
    namespace: 't.namespace',
    type: "coalesce(t.category, 'Playbook')",
    icon: 't.icon',
    tags: 'NULL',
    health: 'NULL',
    status: 'NULL',
    agent: false,
  },
};

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The SQL and parameters of one selector of one kind. */
export function selectorQuery(kind: Kind, selector: SearchSelector, limit: number) {
  const t = TABLES[kind];
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (!selector.includeDeleted) where.push('t.deleted_at IS NULL');
  if (selector.id) where.push(isUuid(selector.id) ? `t.id = ${param(selector.id)}` : 'false');
  const name = selector.name?.trim();
  if (name && name !== '*') where.push(`t.name = ${param(name)}`);
  const namespace = selector.namespace?.trim();
  if (namespace && namespace !== '*') where.push(`${t.namespace} = ${param(namespace)}`);
  const agent = selector.agent?.trim();
  if (t.agent && agent && agent !== 'all') {
    where.push(isUuid(agent) ? `t.agent_id = ${param(agent)}` : 'false');
  }
  if (selector.types && selector.types.length > 0) {
    where.push(`${t.type} = ANY(${param(selector.types)}::text[])`);
  }
  if (selector.statuses && selector.statuses.length > 0 && t.status !== 'NULL') {
    where.push(`${t.status} = ANY(${param(selector.statuses)}::text[])`);
  }
  const search = selector.search?.trim();
  if (search) where.push(`t.name ILIKE ${param(`%${likeLiteral(search)}%`)}`);
  const sql = `SELECT t.id::text AS id, t.name, ${t.namespace} AS namespace, ${t.type} AS type,
      ${t.agent ? 't.agent_id::text' : 'NULL'} AS agent, ${t.icon} AS icon, ${t.tags} AS tags,
      ${t.health} AS health, ${t.status} AS status, t.created_at, t.updated_at, t.deleted_at
    FROM ${t.table} t
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY t.name, t.id
    LIMIT ${param(limit)}`;
  return { sql, params };
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

async function searchKind(
  db: SqlClient,
  kind: Kind,
  selectors: readonly SearchSelector[],
  limit: number,
): Promise<Record<string, unknown>[]> {
  const seen = new Set<string>();
  const found: Record<string, unknown>[] = [];
  for (const selector of selectors) {
    const { sql, params } = selectorQuery(kind, selector, clampLimit(selector.limit, limit));
    const { rows } = await db.query<Record<string, unknown>>(sql, params);
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
 * (name, namespace, agent, types, statuses, a case-insensitive `search` in the name), ordered by
 * name, at most 50 each unless a limit says otherwise. Kinds the caller may not read, and kinds
 * that found nothing, are left out.
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
      for (const kind of readableKinds(caller)) {
        const selectors = body[kind];
        if (!selectors || selectors.length === 0) continue;
        const found = await searchKind(db, kind, selectors, limit);
        if (found.length > 0) answer[kind] = found;
      }
      return reply.send(answer);
    });
  };
}
