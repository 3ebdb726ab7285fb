/**
 * The SQL of TOPO-01: a few queries per request, whatever the size of the estate. The scope is
 * every live component, or one component and its live descendants, found through the indexed
 * `path` prefix. Its rows are listed with their versions in one query and the new or changed ones
 * read in a second (`loadComponents`); the checks, incidents and insights linked to the scope
 * come in a third (`rollUps.ts` counts them for every ancestor), the owning teams in a fourth.
 */
import type { SqlClient } from '../../db/types';
import type { Links } from './rollUps';
import type { ComponentRow } from './tree';

/** Every live component, or `id` and its live descendants. */
export interface Scope {
  id: string | null;
  /** `path` of `id`'s children: its own path and id, dot-joined. */
  childPath: string | null;
  /** A further condition on `components c` (scope impersonation), without parameters. */
  narrow?: string | null;
}

export const ESTATE: Scope = { id: null, childPath: null };

/** Incident statuses that are no longer open. */
export const CLOSED_INCIDENT_STATUSES = ['resolved', 'closed', 'cancelled'];

/** The scope under a live component; null when there is no such component. */
export async function scopeOf(db: SqlClient, id: string): Promise<Scope | null> {
  const { rows } = await db.query<{ path: string | null }>(
    'SELECT path FROM components WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { id, childPath: row.path ? `${row.path}.${id}` : id };
}

/** The WHERE condition of a scope over `components c`, its parameters numbered from 1. */
export function scopeWhere(scope: Scope): { sql: string; params: unknown[] } {
  const narrow = scope.narrow ? ` AND ${scope.narrow}` : '';
  if (scope.id === null || scope.childPath === null) {
    return { sql: `c.deleted_at IS NULL${narrow}`, params: [] };
  }
  return {
    sql: `c.deleted_at IS NULL AND (c.id = $1::uuid OR c.path = $2 OR c.path LIKE $3)${narrow}`,
    params: [scope.id, scope.childPath, `${scope.childPath}.%`],
  };
}

/**
 * The columns of a component read as one JSON array each, in `RowArray`'s order: everything but
 * `properties`, which travel separately as raw JSON text (see `readRows`).
 */
const ROW_COLUMNS = [
  'c.id',
  'c.name',
  'c.namespace',
  'c.icon',
  'c.type',
  'c.text',
  'c.description',
  'c.path',
  'c.parent_id',
  'c.topology_id',
  'c.agent_id',
  'c.external_id',
  'c.hidden',
  'c.status',
  'c.health',
  'c.status_reason',
  'c.labels',
  `jsonb_path_query_array(c.log_selectors, '$[*].name')`,
  'c.is_leaf',
  'c.owner',
  'c.cost_per_minute',
  'c.cost_total_1d',
  'c.cost_total_7d',
  'c.cost_total_30d',
  'c.created_at',
  'c.updated_at',
  'c.deleted_at',
];

type RowArray = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  boolean,
  string | null,
  string | null,
  string | null,
  Record<string, string> | null,
  unknown[] | null,
  boolean | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
];

/** Separates the properties of one component from the next: never found in JSON text. */
const SEPARATOR = '\x1e';

function rowOf(row: RowArray, propertiesJson: string): ComponentRow {
  const [
    id,
    name,
    namespace,
    icon,
    type,
    text,
    description,
    path,
    parentId,
    topologyId,
    agentId,
    externalId,
    hidden,
    status,
    health,
    statusReason,
    labels,
    logNames,
    isLeaf,
    owner,
    costPerMinute,
    cost1d,
    cost7d,
    cost30d,
    createdAt,
    updatedAt,
    deletedAt,
  ] = row;
  return {
    id,
    name,
    namespace,
    icon,
    type,
    text,
    description,
    path,
    parent_id: parentId,
    topology_id: topologyId,
    agent_id: agentId,
    external_id: externalId,
    hidden,
    status,
    health,
    status_reason: statusReason,
    labels,
    logs: (logNames ?? []).map((logName) => ({ name: typeof logName === 'string' ? logName : '' })),
    is_leaf: isLeaf,
    owner,
    cost_per_minute: costPerMinute,
    cost_total_1d: cost1d,
    cost_total_7d: cost7d,
    cost_total_30d: cost30d,
    created_at: createdAt,
    updated_at: updatedAt,
    deleted_at: deletedAt,
    propertiesJson,
  };
}

/** A row as last read, and the version (`xmin`) of the tuple it was read from. */
interface CachedRow {
  version: string;
  row: ComponentRow;
}

/**
 * Rows already read, per database and component id. Any change to a row (an UPDATE writes a new
 * tuple) changes its `xmin`, so a cached row is used only while its version is the current one.
 */
const rowCache = new WeakMap<SqlClient, Map<string, CachedRow>>();

/** Read every row of the scope in one go, rather than by id, when this share of it is stale. */
const BULK_SHARE = 0.5;

/**
 * Reads full rows: the columns as one JSON array of arrays (parsed once) and the `properties` as
 * raw JSON texts (`[]` when not an array), which the answer embeds as they are.
 */
async function readRows(
  db: SqlClient,
  where: { sql: string; params: unknown[] },
): Promise<CachedRow[]> {
  const { rows } = await db.query<{ rows: string | null; properties: string | null }>(
    `SELECT json_agg(json_build_array(${ROW_COLUMNS.join(', ')}, c.xmin::text))::text AS rows,
            string_agg(CASE jsonb_typeof(c.properties) WHEN 'array' THEN c.properties::text ELSE '[]' END, chr(30)) AS properties
       FROM components c
      WHERE ${where.sql}`,
    where.params,
  );
  const first = rows[0];
  if (!first?.rows || first.properties === null) return [];
  const arrays = JSON.parse(first.rows) as Array<[...RowArray, string]>;
  const properties = first.properties.split(SEPARATOR);
  if (properties.length !== arrays.length) throw new Error('component properties out of step');
  return arrays.map((row, i) => ({
    version: row[ROW_COLUMNS.length] as string,
    row: rowOf(row as unknown as RowArray, properties[i] as string),
  }));
}

/**
 * The rows of a scope. One query lists the scope's ids with their row versions; only rows not
 * read before, or changed since, are read in full (all of them on the first request), so that
 * a large estate costs little more than that list once it has been read.
 */
export async function loadComponents(db: SqlClient, scope: Scope): Promise<ComponentRow[]> {
  const where = scopeWhere(scope);
  const { rows } = await db.query<{ body: string | null }>(
    `SELECT json_agg(json_build_array(c.id, c.xmin::text))::text AS body
       FROM components c WHERE ${where.sql}`,
    where.params,
  );
  const versions = rows[0]?.body ? (JSON.parse(rows[0].body) as Array<[string, string]>) : [];
  let cache = rowCache.get(db);
  if (!cache) rowCache.set(db, (cache = new Map()));
  const known = cache;
  const stale = versions.filter(([id, version]) => known.get(id)?.version !== version);
  if (stale.length > 0) {
    const fresh =
      stale.length > versions.length * BULK_SHARE
        ? await readRows(db, where)
        : await readRows(db, {
            sql: 'c.deleted_at IS NULL AND c.id = ANY($1::uuid[])',
            params: [stale.map(([id]) => id)],
          });
    for (const entry of fresh) known.set(entry.row.id, entry);
  }
  if (scope.id === null && !scope.narrow) {
    const live = new Set(versions.map(([id]) => id));
    for (const id of known.keys()) if (!live.has(id)) known.delete(id);
  }
  const result: ComponentRow[] = [];
  for (const [id] of versions) {
    const entry = known.get(id);
    if (entry) result.push(entry.row);
  }
  return result;
}

/**
 * What is linked to the components of a scope: checks, open incidents (through the evidence of
 * their hypotheses) and open insights of live config items; one row per link, rolled up by
 * `rollUp`.
 */
export async function loadLinks(db: SqlClient, scope: Scope): Promise<Links> {
  const where = scopeWhere(scope);
  const next = where.params.length + 1;
  const { rows } = await db.query<{ checks: string; incidents: string; insights: string }>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_array(cr.component_id, ch.id, ch.status)), '[]')
          FROM components c
          JOIN check_component_relationships cr ON cr.component_id = c.id AND cr.deleted_at IS NULL
          JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
         WHERE ${where.sql})::text AS checks,
       (SELECT coalesce(json_agg(json_build_array(e.component_id, i.id, i.type, i.severity)), '[]')
          FROM components c
          JOIN evidences e ON e.component_id = c.id
          JOIN hypotheses h ON h.id = e.hypothesis_id
          JOIN incidents i ON i.id = h.incident_id AND NOT (i.status = ANY($${next}::text[]))
         WHERE ${where.sql})::text AS incidents,
       (WITH linked AS MATERIALIZED (
          SELECT ccr.component_id, ca.id, ca.config_id, ca.analysis_type, ca.severity
            FROM components c
            JOIN config_component_relationships ccr
              ON ccr.component_id = c.id AND ccr.deleted_at IS NULL
            JOIN config_analysis ca ON ca.config_id = ccr.config_id AND ca.status = 'open'
           WHERE ${where.sql})
        SELECT coalesce(json_agg(json_build_array(l.component_id, l.id, l.analysis_type, l.severity)), '[]')
          FROM linked l
          JOIN config_items ci ON ci.id = l.config_id AND ci.deleted_at IS NULL
       )::text AS insights`,
    [...where.params, CLOSED_INCIDENT_STATUSES],
  );
  const row = rows[0];
  const parse = (text: string | undefined) =>
    (text ? JSON.parse(text) : []) as Array<[string, string, string | null, string | null]>;
  return {
    checks: parse(row?.checks).map(([componentId, id, status]) => ({ componentId, id, status })),
    incidents: parse(row?.incidents).map(([componentId, id, type, severity]) => ({
      componentId,
      id,
      type,
      severity,
    })),
    insights: parse(row?.insights).map(([componentId, id, type, severity]) => ({
      componentId,
      id,
      type,
      severity,
    })),
  };
}

/** Names of the teams owning a component of the scope (`team_components`), sorted. */
export async function loadTeams(db: SqlClient, scope: Scope): Promise<string[]> {
  const where = scopeWhere(scope);
  const { rows } = await db.query<{ name: string }>(
    `SELECT t.name
       FROM teams t
      WHERE t.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM team_components tc JOIN components c ON c.id = tc.component_id
                     WHERE tc.team_id = t.id AND ${where.sql})`,
    where.params,
  );
  return [...new Set(rows.map((row) => row.name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
