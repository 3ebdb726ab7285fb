import type { SqlClient } from '../../db/types';
import { compileSelector, SEARCH_MODELS } from '../../search/compile';
import { isUuid } from '../canary/ids';
import type { ChangeSortColumn, ChangesRequest, TriState } from './request';
import { Params, labelSelectorSql, triStateSql } from './sql';

/** One change of the search (api.md CAT-19 `ChangeRow`); empty optional fields are left out. */
export interface ChangeRow {
  id: string;
  config_id: string;
  agent_id: string;
  external_change_id: string;
  change_type: string;
  severity: string;
  source: string;
  summary?: string;
  count: number;
  first_observed?: string;
  created_at: string | null;
  inserted_at?: string;
  /** When the changed config was deleted. */
  deleted_at?: string;
  /** Name, type, tags and path of the changed config. */
  name?: string;
  type?: string;
  tags?: Record<string, string>;
  path?: string;
  created_by?: string;
  external_created_by?: string;
}

export interface ChangesResponse {
  /** Matching changes by change type (all pages). */
  summary: Record<string, number>;
  total: number;
  changes: ChangeRow[];
}

const SORT_SQL: Record<ChangeSortColumn, string> = {
  name: 'ci.name',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  created_at: 'cc.created_at',
  count: 'cc.count',
};

/**
 * `created_by` items that are ids match the person who made the change, the others the
 * external author (`external_created_by`).
 */
function createdBySql(state: TriState, params: Params): string | null {
  const people = (items: string[]) => items.filter((item) => isUuid(item));
  const names = (items: string[]) => items.filter((item) => !isUuid(item));
  const includes: string[] = [];
  if (people(state.include).length > 0) {
    includes.push(`cc.created_by = ANY(${params.add(people(state.include), '::uuid[]')})`);
  }
  const byName = triStateSql(
    'cc.external_created_by',
    {
      include: names(state.include),
      exclude: [],
      includeGlobs: state.includeGlobs,
      excludeGlobs: [],
    },
    params,
  );
  if (byName) includes.push(byName);
  const conditions: string[] = [];
  if (includes.length > 0) conditions.push(`(${includes.join(' OR ')})`);
  if (people(state.exclude).length > 0) {
    conditions.push(
      `coalesce(cc.created_by <> ALL(${params.add(people(state.exclude), '::uuid[]')}), true)`,
    );
  }
  const notByName = triStateSql(
    'cc.external_created_by',
    {
      include: [],
      exclude: names(state.exclude),
      includeGlobs: [],
      excludeGlobs: state.excludeGlobs,
    },
    params,
  );
  if (notByName) conditions.push(notByName);
  return conditions.length > 0 ? conditions.join(' AND ') : null;
}

/**
 * The configs whose changes a single-config search covers: the config itself and, unless
 * `recursive` is `none`, the configs reached from it through relationships within `depth`
 * steps: children (outgoing) for `downstream`, parents (incoming) for `upstream`, both for
 * `all`. Only hard (parent/child) relationships are followed unless `soft` is set. As Mission
 * Control's `related_changes_recursive`, `soft` has no effect with `none`.
 */
function targetsSql(request: ChangesRequest, id: string, params: Params): string {
  const root = params.add(id, '::uuid');
  if (request.recursive === 'none') return `SELECT ${root} AS node_id`;
  const depth = params.add(request.depth, '::int');
  const relation = request.soft ? '' : ` AND cr.relation = 'hard'`;
  const walk = (name: string, from: string, to: string) => `${name} (node_id, depth) AS (
      SELECT ${root}, 0
      UNION
      SELECT cr.${to}, w.depth + 1
      FROM ${name} w
      JOIN config_relationships cr ON cr.${from} = w.node_id
      WHERE w.depth < ${depth} AND cr.deleted_at IS NULL${relation}
    )`;
  const down = request.recursive === 'downstream' || request.recursive === 'all';
  const up = request.recursive === 'upstream' || request.recursive === 'all';
  const walks = [
    ...(down ? [walk('downstream', 'config_id', 'related_id')] : []),
    ...(up ? [walk('upstream', 'related_id', 'config_id')] : []),
  ];
  const selects = [
    ...(down ? ['SELECT node_id FROM downstream'] : []),
    ...(up ? ['SELECT node_id FROM upstream'] : []),
  ];
  return `WITH RECURSIVE ${walks.join(',\n    ')}
    ${selects.join(' UNION ')}`;
}

/** As many configs as the backend resolves a selector `id` to (duty `ResolveConfigIDs`). */
const SELECTED_CONFIGS = 200;

/** The ids of the live configs a selector matches, by name. */
function selectedConfigsSql(selector: NonNullable<ChangesRequest['selector']>, params: Params) {
  const compiled = compileSelector(
    SEARCH_MODELS.configs,
    selector.ast,
    (value, cast) => params.add(value, cast),
    selector.now,
  );
  // The request was checked when read: a selector that does not compile is not one.
  if (!compiled.ok) throw new Error(compiled.error);
  const where = ['t.deleted_at IS NULL', ...compiled.value.where];
  const order = compiled.value.order ? `${compiled.value.order}, t.id` : 't.name, t.id';
  const limit = Math.min(compiled.value.limit ?? SELECTED_CONFIGS, SELECTED_CONFIGS);
  return `SELECT t.id FROM config_items t WHERE ${where.join(' AND ')}
      ORDER BY ${order} LIMIT ${params.add(limit, '::int')}`;
}

/** The SQL and parameters of a change search; exported for tests and the bench. */
export function changesSql(request: ChangesRequest, narrow: string | null = null) {
  const params = new Params();
  const where: string[] = [];
  if (narrow !== null) where.push(narrow);
  const [onlyId] = request.ids;
  if (request.ids.length === 1 && onlyId) {
    where.push(`cc.config_id IN (${targetsSql(request, onlyId, params)})`);
  } else if (request.ids.length > 1) {
    where.push(`cc.config_id = ANY(${params.add(request.ids, '::uuid[]')})`);
  }
  if (request.selector)
    where.push(`cc.config_id IN (${selectedConfigsSql(request.selector, params)})`);
  if (!request.includeDeletedConfigs) {
    // Few configs are deleted: an anti-join on them (partial index) beats joining every config.
    where.push(`NOT EXISTS (
        SELECT 1 FROM config_items gone WHERE gone.id = cc.config_id AND gone.deleted_at IS NOT NULL
      )`);
  }
  if (request.from) where.push(`cc.created_at >= ${params.add(request.from, '::timestamptz')}`);
  if (request.to) where.push(`cc.created_at <= ${params.add(request.to, '::timestamptz')}`);
  if (request.fromInsertedAt) {
    where.push(`cc.inserted_at >= ${params.add(request.fromInsertedAt, '::timestamptz')}`);
  }
  if (request.toInsertedAt) {
    where.push(`cc.inserted_at <= ${params.add(request.toInsertedAt, '::timestamptz')}`);
  }
  if (request.agentId) where.push(`ci.agent_id = ${params.add(request.agentId, '::uuid')}`);
  const filters: Array<[string, TriState | null]> = [
    ['ci.type', request.configType],
    ['cc.change_type', request.changeType],
    ['cc.severity', request.severity],
    ['cc.summary', request.summary],
    ['cc.source', request.source],
  ];
  for (const [column, state] of filters) {
    const condition = state && triStateSql(column, state, params);
    if (condition) where.push(condition);
  }
  const createdBy = request.createdBy && createdBySql(request.createdBy, params);
  if (createdBy) where.push(createdBy);
  const tags = labelSelectorSql('ci.tags', request.tags, params);
  if (tags) where.push(tags);

  // The config's columns are only needed to filter or sort by them.
  const needsConfig =
    request.sortBy === 'name' ||
    request.configType !== null ||
    request.agentId !== null ||
    request.tags.length > 0;
  const direction = request.sortDesc ? 'DESC' : 'ASC';
  const order = (of = '') => `${of}sort_key ${direction}, ${of}id ${direction}`;
  const limit = params.add(request.pageSize, '::int');
  const offset = params.add((request.page - 1) * request.pageSize, '::int');

  // The matching changes are found once (ids, change type and sort key only); the page's rows
  // are then read in full. Sorted by time, the page is read along the index on created_at
  // instead (a few dozen rows), and the matches only counted: the search of the changes page
  // takes about half the time.
  const byIndex = request.sortBy === 'created_at';
  const sql = `
    WITH matched AS ${byIndex ? 'NOT MATERIALIZED' : 'MATERIALIZED'} (
      SELECT cc.id, cc.change_type, ${SORT_SQL[request.sortBy]} AS sort_key
      FROM config_changes cc
      ${needsConfig ? 'JOIN config_items ci ON ci.id = cc.config_id' : ''}
      ${where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : ''}
    ),
    by_type AS (
      SELECT coalesce(change_type, '') AS change_type, count(*) AS n FROM matched GROUP BY 1
    ),
    page AS (
      SELECT id, sort_key FROM matched ORDER BY ${order()} LIMIT ${limit} OFFSET ${offset}
    )
    SELECT
      (SELECT coalesce(jsonb_object_agg(change_type, n), '{}'::jsonb) FROM by_type) AS summary,
      (SELECT coalesce(sum(n), 0)::int FROM by_type) AS total,
      (
        SELECT coalesce(json_agg(json_build_object(
          'id', cc.id, 'config_id', cc.config_id, 'agent_id', ci.agent_id,
          'external_change_id', cc.external_change_id, 'change_type', cc.change_type,
          'severity', cc.severity, 'source', cc.source, 'summary', cc.summary, 'count', cc.count,
          'first_observed', cc.first_observed, 'created_at', cc.created_at,
          'inserted_at', cc.inserted_at, 'deleted_at', ci.deleted_at, 'name', ci.name,
          'type', ci.type, 'tags', ci.tags, 'path', ci.path, 'created_by', cc.created_by,
          'external_created_by', cc.external_created_by
        ) ORDER BY ${order('page.')}), '[]'::json)
        FROM page
        JOIN config_changes cc ON cc.id = page.id
        JOIN config_items ci ON ci.id = cc.config_id
        WHERE cc.id = ANY(ARRAY(SELECT id FROM page))
      ) AS changes`;
  return { sql, params: params.values };
}

/** Fields the backend leaves out when empty (Go `omitempty`). */
const OPTIONAL = [
  'summary',
  'first_observed',
  'inserted_at',
  'deleted_at',
  'name',
  'type',
  'path',
  'created_by',
  'external_created_by',
] as const;

/** Text of a column the backend always sends (`""` when empty). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A row as the backend encodes it: required text is `""` when empty, optional fields are left out. */
function changeRow(raw: Record<string, unknown>): ChangeRow {
  const row: Record<string, unknown> = {
    id: text(raw.id),
    config_id: text(raw.config_id),
    agent_id: text(raw.agent_id),
    external_change_id: text(raw.external_change_id),
    change_type: text(raw.change_type),
    severity: text(raw.severity),
    source: text(raw.source),
    summary: raw.summary,
    count: typeof raw.count === 'number' ? raw.count : 0,
    first_observed: raw.first_observed,
    created_at: raw.created_at ?? null,
    inserted_at: raw.inserted_at,
    deleted_at: raw.deleted_at,
    name: raw.name,
    type: raw.type,
    tags: raw.tags,
    path: raw.path,
    created_by: raw.created_by,
    external_created_by: raw.external_created_by,
  };
  const tags = raw.tags;
  if (!tags || typeof tags !== 'object' || Object.keys(tags).length === 0) delete row.tags;
  for (const key of OPTIONAL) {
    if (row[key] === null || row[key] === undefined || row[key] === '') delete row[key];
  }
  return row as unknown as ChangeRow;
}

/**
 * The change search (api.md CAT-19): changes matching every filter, newest first unless
 * `sort_by` says otherwise, one page of them, their total and their count per change type.
 * `narrow` is a further condition on the changes (`config_changes cc`), as scope impersonation
 * sets.
 */
export async function catalogChanges(
  db: SqlClient,
  request: ChangesRequest,
  narrow: string | null = null,
): Promise<ChangesResponse> {
  const { sql, params } = changesSql(request, narrow);
  const { rows } = await db.query<{ summary: unknown; total: number; changes: unknown }>(
    sql,
    params,
  );
  const row = rows[0];
  const changes = Array.isArray(row?.changes) ? (row.changes as Record<string, unknown>[]) : [];
  return {
    summary: (row?.summary as Record<string, number> | undefined) ?? {},
    total: row?.total ?? 0,
    changes: changes.map(changeRow),
  };
}
