import type { SqlClient } from '../../db/types';
import { isUuid } from './ids';
import { type Latency, type Uptime, statsOf } from './shapes';
import { parseTimestamp } from './timeRange';

/**
 * The health summary (api.md HEALTH-01): every check with its canary, status, uptime and
 * latency, in one query.
 *
 * Window of the uptime and latency figures, per check: the hour up to the check's newest
 * status. For a check that runs on schedule that is the last hour, as upstream's hourly status
 * summary; a check that stopped running (deleted, or a demo database left alone for a while)
 * keeps the figures of its final hour instead of dropping to zero. `rolling1h` is the mean
 * latency over that hour.
 */

/** How far back soft-deleted checks are still listed (shown with the deleted icon). */
export const DEFAULT_DELETE_WINDOW_MS = 3 * 24 * 3_600_000;

/** Columns the summary may be sorted by (`sortBy`); ascending, empty values last. */
export const SUMMARY_SORT_COLUMNS = [
  'name',
  'canary_name',
  'namespace',
  'type',
  'status',
  'severity',
  'last_runtime',
  'last_transition_time',
  'created_at',
  'updated_at',
] as const;
export type SummarySortColumn = (typeof SUMMARY_SORT_COLUMNS)[number];

/** Options of a summary request (the body of the POST form). */
export interface SummaryOptions {
  checkId: string | null;
  /** Every pair must be among the check's labels merged over its canary's. */
  labels: Record<string, string> | null;
  sortBy: SummarySortColumn;
  /** Checks deleted at or before this moment are left out. */
  deleteFrom: Date;
  /** A further condition on the checks' canaries (`canaries ca`): scope impersonation. */
  narrow?: string | null;
}

/** One check of the summary (api.md HEALTH-01); empty optional fields are left out. */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string;
  type: string;
  description?: string;
  icon?: string;
  labels: Record<string, string>;
  owner?: string;
  severity?: string;
  status: string;
  last_transition_time?: string;
  last_runtime?: string;
  silenced_at?: string;
  latency: Latency;
  uptime: Uptime;
  created_at: string | null;
  updated_at: string | null;
  deleted_at?: string;
}

export function defaultSummaryOptions(now: Date): SummaryOptions {
  return {
    checkId: null,
    labels: null,
    sortBy: 'name',
    deleteFrom: new Date(now.getTime() - DEFAULT_DELETE_WINDOW_MS),
  };
}

function isSortColumn(value: string): value is SummarySortColumn {
  return (SUMMARY_SORT_COLUMNS as readonly string[]).includes(value);
}

/**
 * Reads the JSON body of `POST /canary/api/summary`. Keys match case-insensitively, as Go's
 * JSON decoding does for the untagged options struct; unknown keys (and `timeout`) are ignored.
 */
export function readSummaryOptions(body: unknown, now: Date): SummaryOptions | { error: string } {
  const options = defaultSummaryOptions(now);
  if (body === undefined || body === null || body === '') return options;
  if (typeof body !== 'object' || Array.isArray(body)) {
    return { error: 'the request body must be a JSON object' };
  }
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) fields.set(key.toLowerCase(), value);

  const checkId = fields.get('checkid');
  if (checkId !== undefined && checkId !== null && checkId !== '') {
    if (!isUuid(checkId))
      return { error: `checkID must be a UUID, got ${JSON.stringify(checkId)}` };
    options.checkId = checkId.toLowerCase();
  }

  const labels = fields.get('labels');
  if (labels !== undefined && labels !== null) {
    if (typeof labels !== 'object' || Array.isArray(labels)) {
      return { error: 'labels must be an object of label names to values' };
    }
    const pairs = Object.entries(labels);
    if (pairs.some(([, value]) => typeof value !== 'string')) {
      return { error: 'every label value must be a string' };
    }
    if (pairs.length > 0) options.labels = Object.fromEntries(pairs) as Record<string, string>;
  }

  const sortBy = fields.get('sortby');
  if (sortBy !== undefined && sortBy !== null && sortBy !== '') {
    if (typeof sortBy !== 'string' || !isSortColumn(sortBy)) {
      return {
        error: `sortBy must be one of ${SUMMARY_SORT_COLUMNS.join(', ')}, got ${JSON.stringify(sortBy)}`,
      };
    }
    options.sortBy = sortBy;
  }

  const deleteFrom = fields.get('deletefrom');
  if (deleteFrom !== undefined && deleteFrom !== null && deleteFrom !== '') {
    const moment = typeof deleteFrom === 'string' ? parseTimestamp(deleteFrom) : null;
    if (!moment) return { error: `deleteFrom must be an RFC 3339 timestamp` };
    options.deleteFrom = moment;
  }
  return options;
}

/** The columns each row of the query's JSON array carries, with their SQL. */
const ROW = [
  ['id', 'c.id'],
  ['canary_id', 'c.canary_id'],
  ['canary_name', 'ca.name'],
  ['canary_namespace', 'ca.namespace'],
  ['agent_id', 'c.agent_id'],
  ['name', 'c.name'],
  ['namespace', 'c.namespace'],
  ['type', 'c.type'],
  ['description', 'c.description'],
  ['icon', 'c.icon'],
  ['labels', "coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb)"],
  ['owner', 'c.owner'],
  ['severity', 'c.severity'],
  ['status', 'c.status'],
  ['last_transition_time', 'c.last_transition_time'],
  ['last_runtime', 'c.last_runtime'],
  ['silenced_at', 'c.silenced_at'],
  [
    'stats',
    `CASE WHEN u.check_id IS NOT NULL THEN json_build_array(u.passed, u.failed, u.last_pass,
       u.last_fail, json_build_array(u.p99, u.p97, u.p95), u.rolling1h) END`,
  ],
  ['created_at', 'c.created_at'],
  ['updated_at', 'c.updated_at'],
  ['deleted_at', 'coalesce(c.deleted_at, ca.deleted_at)'],
] as const;
type RowColumn = (typeof ROW)[number][0];

const SORT_EXPRESSIONS: Record<SummarySortColumn, string> = {
  name: 'c.name',
  canary_name: 'ca.name',
  namespace: 'c.namespace',
  type: 'c.type',
  status: 'c.status',
  severity: 'c.severity',
  last_runtime: 'c.last_runtime',
  last_transition_time: 'c.last_transition_time',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
};

/**
 * The summary query. `$1` is deleteFrom, `$2` a check id or null, `$3` a labels object or null.
 * The statistics are read from demo_check_uptime (010_health.sql), which triggers on
 * check_statuses keep current; the result travels as one JSON text with rows as arrays, far
 * cheaper to hand over from the embedded database than thousands of typed rows.
 */
function summarySql(sortBy: SummarySortColumn, narrow: string | null): string {
  return `
SELECT coalesce(
         json_agg(json_build_array(${ROW.map(([, sql]) => sql).join(', ')})
                  ORDER BY ${SORT_EXPRESSIONS[sortBy]} ASC NULLS LAST, c.name, c.id),
         '[]')::text AS body
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  LEFT JOIN demo_check_uptime u ON u.check_id = c.id
 WHERE (c.deleted_at IS NULL OR c.deleted_at > $1::timestamptz)
   AND (ca.deleted_at IS NULL OR ca.deleted_at > $1::timestamptz)
   AND ($2::uuid IS NULL OR c.id = $2::uuid)
   AND ($3::jsonb IS NULL
        OR coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) @> $3::jsonb)
   ${narrow ? `AND ${narrow}` : ''}`;
}

type RawRow = unknown[];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

type OptionalText =
  | 'description'
  | 'icon'
  | 'owner'
  | 'severity'
  | 'last_transition_time'
  | 'last_runtime'
  | 'silenced_at'
  | 'deleted_at';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Labels as a string map (values that are not strings are written as JSON). */
function stringMap(labels: unknown): Record<string, string> {
  if (!isObject(labels)) return {};
  for (const key in labels) {
    const value = labels[key];
    if (typeof value === 'string') continue;
    if (value === null || value === undefined) delete labels[key];
    else labels[key] = JSON.stringify(value);
  }
  return labels as Record<string, string>;
}

const AT = Object.fromEntries(ROW.map(([column], i) => [column, i])) as Record<RowColumn, number>;

/** One row of the query as a check summary; fields are set in the documented order. */
function toSummary(raw: RawRow): CheckSummary {
  const at = (column: RowColumn) => raw[AT[column]];
  const { latency, uptime } = statsOf(at('stats'));
  const summary = {
    id: String(at('id')),
    canary_id: String(at('canary_id')),
    canary_name: text(at('canary_name')) ?? '',
    canary_namespace: text(at('canary_namespace')) ?? '',
    agent_id: String(at('agent_id')),
    name: text(at('name')) ?? '',
    namespace: text(at('namespace')) ?? '',
    type: text(at('type')) ?? '',
  } as CheckSummary;
  const optional = (key: OptionalText, column: RowColumn) => {
    const value = text(at(column));
    if (value !== undefined) summary[key] = value;
  };
  optional('description', 'description');
  optional('icon', 'icon');
  summary.labels = stringMap(at('labels'));
  optional('owner', 'owner');
  optional('severity', 'severity');
  summary.status = text(at('status')) ?? '';
  optional('last_transition_time', 'last_transition_time');
  optional('last_runtime', 'last_runtime');
  optional('silenced_at', 'silenced_at');
  summary.latency = latency;
  summary.uptime = uptime;
  summary.created_at = text(at('created_at')) ?? null;
  summary.updated_at = text(at('updated_at')) ?? null;
  optional('deleted_at', 'deleted_at');
  return summary;
}

/** The checks of the summary with their statistics. */
export async function checkSummaries(
  db: SqlClient,
  options: SummaryOptions,
): Promise<CheckSummary[]> {
  const { rows } = await db.query<{ body: string }>(
    summarySql(options.sortBy, options.narrow ?? null),
    [
      options.deleteFrom.toISOString(),
      options.checkId,
      options.labels === null ? null : JSON.stringify(options.labels),
    ],
  );
  const raw = JSON.parse(rows[0]?.body ?? '[]') as RawRow[];
  return raw.map(toSummary);
}

/**
 * The checks of the summary as the JSON text of their array: the same text as
 * `JSON.stringify(await checkSummaries(db, options))`, joined by the database from the text of
 * each check that triggers keep (291_check_summary_rows.sql), without shaping thousands of
 * checks again or reading and writing megabytes of JSON on the server's thread. Labels SQL
 * cannot write as JavaScript does make it fall back to `checkSummaries`.
 */
export async function checkSummariesJson(db: SqlClient, options: SummaryOptions): Promise<string> {
  const { rows } = await db.query<{ body: string | null; plain: boolean | null }>(
    `SELECT string_agg(r.body, ','
                       ORDER BY ${SORT_EXPRESSIONS[options.sortBy]} ASC NULLS LAST, c.name, c.id)
              AS body,
            bool_and(r.plain) AS plain
       FROM checks c
       JOIN canaries ca ON ca.id = c.canary_id
       JOIN demo_check_summary_rows r ON r.check_id = c.id
      WHERE (c.deleted_at IS NULL OR c.deleted_at > $1::timestamptz)
        AND (ca.deleted_at IS NULL OR ca.deleted_at > $1::timestamptz)
        AND ($2::uuid IS NULL OR c.id = $2::uuid)
        AND ($3::jsonb IS NULL
             OR coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) @> $3::jsonb)
        ${options.narrow ? `AND ${options.narrow}` : ''}`,
    [
      options.deleteFrom.toISOString(),
      options.checkId,
      options.labels === null ? null : JSON.stringify(options.labels),
    ],
  );
  const row = rows[0];
  if (row?.plain === false) return JSON.stringify(await checkSummaries(db, options));
  return `[${row?.body ?? ''}]`;
}
