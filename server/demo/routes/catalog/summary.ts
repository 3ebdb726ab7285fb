import type { SqlClient } from '../../db/types';
import { type CostRange, SUMMARY_COLUMNS, type SummaryRequest } from './request';
import { Params, isoOf, numberOf, triStateSql } from './sql';

/** One group of the catalog summary (api.md CAT-02). */
export type SummaryRow = Record<string, unknown> & {
  /** Status → number of items; null when no item of the group has a health. */
  health: Record<string, number> | null;
  count: number;
  created_at: string | null;
  updated_at: string | null;
  /** Changes of the group's items within `changes.since`. */
  changes: number;
  /** Analysis type → open analyses of the group's items. */
  analysis: Record<string, number>;
};

const COST_SQL: Record<CostRange, string> = {
  '1h': 'ci.cost_per_minute * 60',
  '1d': 'ci.cost_total_1d',
  '7d': 'ci.cost_total_7d',
  '30d': 'ci.cost_total_30d',
};

/** The SQL expression of one group-by value over `config_items ci`. */
function groupExpression(key: string, params: Params): string {
  if ((SUMMARY_COLUMNS as readonly string[]).includes(key)) return `ci.${key}`;
  return `(ci.tags ->> ${params.add(key)})`;
}

/** The SQL and parameters of a summary request; exported for tests and the bench. */
export function summarySql(request: SummaryRequest, now: Date, narrow: string | null = null) {
  const params = new Params();
  const groups = request.groupBy.map((key, i) => ({
    key,
    alias: `g${i}`,
    sql: groupExpression(key, params),
  }));
  const aliases = groups.map((g) => g.alias);

  const where: string[] = [];
  if (!request.deleted) where.push('ci.deleted_at IS NULL');
  if (narrow !== null) where.push(narrow);
  for (const { key, match } of request.filter) {
    const condition = triStateSql(`(ci.labels ->> ${params.add(key)})`, match, params);
    if (condition) where.push(condition);
  }
  const health = request.health && triStateSql('ci.health', request.health, params);
  if (health) where.push(health);
  const status = request.status && triStateSql('ci.status', request.status, params);
  if (status) where.push(status);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const itemSql = where.map((condition) => ` AND ${condition}`).join('');

  const changesFrom = params.add(new Date(now.getTime() - request.changesSinceMs), '::timestamptz');
  const analysisFrom =
    request.analysisSinceMs === null
      ? null
      : params.add(new Date(now.getTime() - request.analysisSinceMs), '::timestamptz');
  const cost = request.cost ? COST_SQL[request.cost] : 'NULL::numeric';
  const selectGroups = groups.map((g) => `${g.sql} AS ${g.alias}`).join(', ');
  const positions = groups.map((_, i) => String(i + 1)).join(', ');
  const sameGroup = aliases.map((a) => `a.${a} IS NOT DISTINCT FROM t.${a}`).join(' AND ');

  // Items are aggregated once per group and health, reading the covering summary index alone
  // (a label filter reads the table rows too); changes are counted per config first and merged
  // in by id. The few open analyses look up
  // their config's group one by one (LIMIT 1 keeps that a lookup rather than a second scan).
  const sql = `
    WITH changes AS (
      SELECT cc.config_id, count(*) AS n
      FROM config_changes cc
      WHERE cc.created_at > ${changesFrom}
      GROUP BY cc.config_id
    ),
    by_health AS (
      SELECT ${selectGroups}, ci.health, count(*) AS n,
        max(ci.created_at) AS created_at, max(ci.updated_at) AS updated_at,
        sum(${cost}) AS cost, coalesce(sum(ch.n), 0) AS changes
      FROM config_items ci
      LEFT JOIN changes ch ON ch.config_id = ci.id
      ${whereSql}
      GROUP BY ${positions}, ${groups.length + 1}
    ),
    totals AS (
      SELECT ${aliases.join(', ')},
        jsonb_object_agg(health, n) FILTER (WHERE health IS NOT NULL) AS health,
        sum(n)::int AS count, max(created_at) AS created_at, max(updated_at) AS updated_at,
        sum(cost) AS cost, sum(changes)::int AS changes
      FROM by_health
      GROUP BY ${positions}
    ),
    analysis AS (
      SELECT ${aliases.join(', ')}, jsonb_object_agg(analysis_type, n) AS analysis
      FROM (
        SELECT ${aliases.map((a) => `item.${a}`).join(', ')}, ca.analysis_type, count(*) AS n
        FROM config_analysis ca
        CROSS JOIN LATERAL (
          SELECT ${selectGroups} FROM config_items ci
          WHERE ci.id = ca.config_id${itemSql}
          LIMIT 1
        ) item
        WHERE ca.status = 'open' AND ca.analysis_type IS NOT NULL
          ${analysisFrom ? `AND ca.first_observed > ${analysisFrom}` : ''}
        GROUP BY ${positions}, ${groups.length + 1}
      ) per_type
      GROUP BY ${positions}
    )
    SELECT t.*, coalesce(a.analysis, '{}'::jsonb) AS analysis
    FROM totals t
    LEFT JOIN analysis a ON ${sameGroup}
    ORDER BY ${aliases.map((a) => `t.${a}`).join(', ')}`;
  return { sql, params: params.values, groups };
}

/**
 * The catalog summary (api.md CAT-02): one row per group of config items with its health
 * counts, item count, newest creation and update, recent changes, open analyses by type and,
 * when asked, the summed cost as `cost_{range}`. Rows are sorted by the group columns. `narrow`
 * is a further condition on the items (`config_items ci`), as scope impersonation sets.
 */
export async function catalogSummary(
  db: SqlClient,
  request: SummaryRequest,
  now: Date = new Date(),
  narrow: string | null = null,
): Promise<SummaryRow[]> {
  const { sql, params, groups } = summarySql(request, now, narrow);
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const group of groups) out[group.key] = row[group.alias] ?? null;
    out.health = (row.health as Record<string, number> | null) ?? null;
    out.count = numberOf(row.count) ?? 0;
    out.created_at = isoOf(row.created_at);
    out.updated_at = isoOf(row.updated_at);
    out.changes = numberOf(row.changes) ?? 0;
    out.analysis = (row.analysis as Record<string, number> | null) ?? {};
    if (request.cost) out[`cost_${request.cost}`] = numberOf(row.cost);
    return out as SummaryRow;
  });
}
