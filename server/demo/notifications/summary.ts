/**
 * NOTIF-06: the send history grouped per resource, computed in SQL over the
 * `notification_send_history_summary` view the way Mission Control's
 * `NotificationSendHistorySummary` does: the filters apply to the sends, the sends are grouped
 * per resource, the groups are ordered by their latest send (`last_seen DESC`) and paged.
 *
 * `total` is the number of groups (resources) that match, over all pages: the backend counts
 * the grouped rows before paging, and the console divides it by the page size to get the page
 * count. Sends about no resource (incident events) have no group and are not counted.
 *
 * Counts per group: `sent` (status sent), `error` (status error), `in_progress` (pending,
 * evaluating-waitfor, pending_playbook_run, pending_playbook_completion, attempting_fallback)
 * and `suppressed` (every other status: silenced, inhibited, repeat-interval, skipped).
 */
import type { SendStatus } from '../../../contracts/notifications';
import type { SqlClient } from '../db/types';
import { evaluateDateMath, DateMathError } from '../postgrest/datemath';
import { parseLabelSelector, type ParseResult, type Requirement } from './selectors';

/** The backend's cap on `pageSize` (also its default). */
export const SUMMARY_PAGE_SIZE_MAX = 50;

/** The send statuses of a send still under way. */
const IN_PROGRESS: readonly SendStatus[] = [
  'pending',
  'evaluating-waitfor',
  'pending_playbook_run',
  'pending_playbook_completion',
  'attempting_fallback',
];

export interface SummaryRequest {
  search: string;
  status: string;
  resourceType: string;
  resourceKind: string;
  tags: Requirement[];
  from: Date | null;
  to: Date | null;
  includeDeletedResources: boolean;
  pageIndex: number;
  pageSize: number;
}

export interface SummaryResponse {
  total: number;
  results: Array<Record<string, unknown>>;
}

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/**
 * Decodes the NOTIF-06 body: fields of the wrong JSON type answer an error naming the field;
 * unknown fields are ignored; `pageSize` outside 1..50 becomes 50 and a negative `pageIndex`
 * becomes 0, as the backend's defaults do; `tags` is a label selector and `from`/`to` date math.
 */
export function decodeSummaryRequest(body: unknown, now: Date): ParseResult<SummaryRequest> {
  const source: Record<string, unknown> =
    body === undefined ? {} : (body as Record<string, unknown>);
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    return { ok: false, error: 'invalid request body: expected a JSON object' };
  }
  const strings: Record<string, string> = {};
  for (const key of ['search', 'status', 'resourceType', 'resourceKind', 'tags', 'from', 'to']) {
    const value = source[key];
    if (value === undefined || value === null) {
      strings[key] = '';
    } else if (typeof value === 'string') {
      strings[key] = value.trim();
    } else {
      return {
        ok: false,
        error: `invalid request body: ${key}: expected a string, got ${typeName(value)}`,
      };
    }
  }
  const ints: Record<string, number> = {};
  for (const key of ['pageIndex', 'pageSize']) {
    const value = source[key];
    if (value === undefined || value === null) {
      ints[key] = 0;
    } else if (typeof value === 'number' && Number.isInteger(value)) {
      ints[key] = value;
    } else {
      return {
        ok: false,
        error: `invalid request body: ${key}: expected an integer, got ${typeName(value)}`,
      };
    }
  }
  const include = source.includeDeletedResources;
  if (include !== undefined && include !== null && typeof include !== 'boolean') {
    return {
      ok: false,
      error: `invalid request body: includeDeletedResources: expected a boolean, got ${typeName(include)}`,
    };
  }
  const groupBy = source.groupBy;
  if (
    groupBy !== undefined &&
    groupBy !== null &&
    (!Array.isArray(groupBy) || groupBy.some((item) => typeof item !== 'string'))
  ) {
    return { ok: false, error: 'invalid request body: groupBy: expected a list of strings' };
  }
  const tags = parseLabelSelector(strings.tags ?? '');
  if (!tags.ok) return { ok: false, error: `invalid tagSelector(${strings.tags}): ${tags.error}` };
  const times: Record<string, Date | null> = {};
  for (const key of ['from', 'to']) {
    const text = strings[key] ?? '';
    try {
      times[key] = text === '' ? null : evaluateDateMath(text, now);
    } catch (error) {
      return {
        ok: false,
        error: `invalid ${key}: ${error instanceof DateMathError ? error.message : text}`,
      };
    }
  }
  const pageSize = ints.pageSize ?? 0;
  return {
    ok: true,
    value: {
      search: strings.search ?? '',
      status: strings.status ?? '',
      resourceType: (strings.resourceType ?? '').replaceAll('__', '::'),
      resourceKind: strings.resourceKind ?? '',
      tags: tags.value,
      from: times.from ?? null,
      to: times.to ?? null,
      includeDeletedResources: include === true,
      pageIndex: Math.max(0, ints.pageIndex ?? 0),
      pageSize: pageSize < 1 || pageSize > SUMMARY_PAGE_SIZE_MAX ? SUMMARY_PAGE_SIZE_MAX : pageSize,
    },
  };
}

/** `*` globs to LIKE, with LIKE's own wildcards escaped. */
function likePattern(glob: string): string {
  return glob.replace(/[\\%_]/g, '\\$&').replaceAll('*', '%');
}

class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * A tri-state list (`a,!b,c*`): the value is one of the included items or patterns (when
   * any), and none of the excluded ones.
   */
  triState(expression: string, list: string): void {
    const include: string[] = [];
    const exclude: string[] = [];
    const conditions: string[] = [];
    const positive: string[] = [];
    for (const raw of list.split(',')) {
      const item = raw.trim();
      const excluded = item.startsWith('!');
      const value = excluded ? item.slice(1) : item;
      if (value === '') continue;
      if (value.includes('*')) {
        const like = `${expression} LIKE ${this.param(likePattern(value))}::text`;
        if (excluded) conditions.push(`NOT COALESCE(${like}, false)`);
        else positive.push(like);
      } else {
        (excluded ? exclude : include).push(value);
      }
    }
    if (include.length > 0) positive.push(`${expression} = ANY(${this.param(include)}::text[])`);
    if (positive.length > 0) conditions.push(`(${positive.join(' OR ')})`);
    if (exclude.length > 0) {
      conditions.push(`NOT COALESCE(${expression} = ANY(${this.param(exclude)}::text[]), false)`);
    }
    this.clauses.push(...conditions);
  }

  label(requirement: Requirement): void {
    const value = `(resource_tags->>${this.param(requirement.key)}::text)`;
    switch (requirement.op) {
      case 'eq':
        this.clauses.push(`${value} = ${this.param(requirement.value)}::text`);
        return;
      case 'neq':
        this.clauses.push(`${value} IS DISTINCT FROM ${this.param(requirement.value)}::text`);
        return;
      case 'in':
        this.clauses.push(`${value} = ANY(${this.param(requirement.values)}::text[])`);
        return;
      case 'notin':
        this.clauses.push(
          `(${value} IS NULL OR ${value} <> ALL(${this.param(requirement.values)}::text[]))`,
        );
        return;
      case 'exists':
        this.clauses.push(`${value} IS NOT NULL`);
        return;
      case 'notexists':
        this.clauses.push(`${value} IS NULL`);
        return;
    }
  }

  sql(): string {
    return this.clauses.length === 0 ? 'true' : this.clauses.join(' AND ');
  }
}

function where(request: SummaryRequest): Where {
  const w = new Where();
  w.clauses.push('resource IS NOT NULL');
  if (request.status) w.triState('status', request.status);
  if (request.resourceType) w.triState('resource_type', request.resourceType);
  if (request.resourceKind) w.triState('resource_kind', request.resourceKind);
  if (!request.includeDeletedResources) w.clauses.push(`resource->>'deleted_at' IS NULL`);
  if (request.search) {
    const search = request.search.includes('*') ? request.search : `${request.search}*`;
    w.clauses.push(`resource->>'name' ILIKE ${w.param(likePattern(search))}::text`);
  }
  for (const requirement of request.tags) w.label(requirement);
  if (request.from)
    w.clauses.push(`created_at >= ${w.param(request.from.toISOString())}::timestamptz`);
  if (request.to) w.clauses.push(`created_at <= ${w.param(request.to.toISOString())}::timestamptz`);
  return w;
}

/** Runs NOTIF-06 for a decoded request. */
export async function sendHistorySummary(
  db: SqlClient,
  request: SummaryRequest,
): Promise<SummaryResponse> {
  const w = where(request);
  const ranked = `ranked AS (
      SELECT resource_id, resource, resource_type, resource_kind, resource_tags, resource_health,
             resource_status, resource_health_description, first_observed, created_at, body, status,
             ROW_NUMBER() OVER (PARTITION BY resource_id ORDER BY created_at DESC, id DESC) AS rn
        FROM notification_send_history_summary
       WHERE ${w.sql()})`;
  const countParams = [...w.params];
  const inProgress = w.param(IN_PROGRESS);
  const limit = w.param(request.pageSize);
  const offset = w.param(request.pageIndex * request.pageSize);
  // One pass: the number of groups comes with the page (a window over the grouped rows).
  const { rows } = await db.query<{ row: Record<string, unknown>; groups: number }>(
    `WITH ${ranked},
     grouped AS (
       SELECT resource_id,
              (array_agg(resource) FILTER (WHERE rn = 1))[1] AS resource,
              MAX(resource_type) FILTER (WHERE rn = 1) AS resource_type,
              MAX(resource_kind) FILTER (WHERE rn = 1) AS resource_kind,
              (array_agg(resource_tags) FILTER (WHERE rn = 1))[1] AS resource_tags,
              MAX(resource_health) FILTER (WHERE rn = 1) AS resource_health,
              MAX(resource_status) FILTER (WHERE rn = 1) AS resource_status,
              MAX(resource_health_description) FILTER (WHERE rn = 1) AS resource_health_description,
              MIN(first_observed) AS first_observed,
              MAX(created_at) AS last_seen,
              count(*)::int AS total,
              MAX(body) FILTER (WHERE rn = 1) AS last_message,
              count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'error')::int AS error,
              count(*) FILTER (WHERE status = ANY(${inProgress}::text[]))::int AS in_progress,
              count(*) FILTER (WHERE status IS DISTINCT FROM 'sent' AND status IS DISTINCT FROM 'error'
                                 AND NOT COALESCE(status = ANY(${inProgress}::text[]), false))::int
                AS suppressed,
              (count(*) OVER ())::int AS groups
         FROM ranked
        GROUP BY resource_id
        ORDER BY last_seen DESC, resource_id
        LIMIT ${limit} OFFSET ${offset})
     SELECT jsonb_build_object(
              'resource', jsonb_build_object(
                  'id', resource->'id', 'name', resource->'name', 'type', resource->'type',
                  'health', resource->'health', 'status', resource->'status',
                  'tags', COALESCE(resource_tags, '{}'::jsonb))
                || jsonb_strip_nulls(jsonb_build_object(
                  'config_class', resource->'config_class', 'icon', resource->'icon')),
              'resource_type', resource_type,
              'resource_kind', resource_kind,
              'resource_tags', resource_tags,
              'resource_health', resource_health,
              'resource_status', resource_status,
              'resource_health_description', resource_health_description,
              'first_observed', first_observed,
              'last_seen', last_seen,
              'total', total,
              'last_message', last_message,
              'sent', sent,
              'error', error,
              'suppressed', suppressed,
              'in_progress', in_progress) AS row,
            groups
       FROM grouped
      ORDER BY last_seen DESC, resource_id`,
    w.params,
  );
  if (rows.length > 0) return { total: rows[0]?.groups ?? 0, results: rows.map((row) => row.row) };
  // An empty page (nothing matches, or a page past the end) still reports the number of groups.
  const counted = await db.query<{ total: number }>(
    `WITH ${ranked} SELECT count(DISTINCT resource_id)::int AS total FROM ranked`,
    countParams,
  );
  return { total: counted.rows[0]?.total ?? 0, results: [] };
}
