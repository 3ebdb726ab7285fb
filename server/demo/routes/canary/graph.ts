import type { SqlClient } from '../../db/types';
import { isUuid } from './ids';
import { type Latency, type Uptime, statsArraySql, statsOf } from './shapes';
import { type TimeWindow, bucketOf, graphWindow } from './timeRange';

/**
 * The check graph (api.md HEALTH-06): the status series of one check over a window, with the
 * window's uptime and latency. Short windows list every run; longer ones are bucketed
 * (`bucketOf`), each bucket carrying its run counts and mean latency.
 */

export interface GraphRequest {
  checkId: string;
  /** When given, the check must belong to this canary. */
  canaryId: string | null;
  window: TimeWindow;
  /** Raw runs carry their message and error only when asked for. */
  includeMessages: boolean;
}

/** One point of the series: a run, or a bucket of runs (then with count, passed, failed). */
export interface GraphStatus {
  time: string;
  /** Present (true) when the run passed, or when most runs of the bucket passed. */
  status?: true;
  duration: number;
  message?: string;
  error?: string;
  count?: number;
  passed?: number;
  failed?: number;
}

export interface GraphResult {
  status: GraphStatus[];
  latency: Latency;
  uptime: Uptime;
}

type Query = Record<string, unknown>;

function first(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    const item = Array.isArray(value) ? value[0] : value;
    if (typeof item === 'string' && item.trim() !== '') return item;
  }
  return undefined;
}

/** Reads the query string of `GET /canary/api/graph`; `count` is accepted and ignored. */
export function readGraphQuery(query: Query, now: Date): GraphRequest | { error: string } {
  const check = first(query, 'check');
  if (!check) return { error: 'the check parameter is required' };
  if (!isUuid(check)) return { error: `check must be a UUID, got "${check}"` };
  const canary = first(query, 'canary_id');
  if (canary !== undefined && !isUuid(canary)) {
    return { error: `canary_id must be a UUID, got "${canary}"` };
  }
  const window = graphWindow(first(query, 'start', 'since'), first(query, 'end', 'until'), now);
  if ('error' in window) return window;
  const messages = first(query, 'includeMessages')?.toLowerCase();
  return {
    checkId: check.toLowerCase(),
    canaryId: canary?.toLowerCase() ?? null,
    window,
    includeMessages: messages === 'true' || messages === '1',
  };
}

const BUCKET_ORIGIN = '2000-01-03T00:00:00Z';

function graphSql(bucketed: boolean): string {
  const series = bucketed
    ? `SELECT coalesce(json_agg(json_build_array(b.bucket, b.runs, b.passed, b.failed, b.duration)
                                ORDER BY b.bucket DESC), '[]')
         FROM (SELECT date_bin($5::interval, cs.time, '${BUCKET_ORIGIN}'::timestamptz) AS bucket,
                      count(*) AS runs,
                      count(*) FILTER (WHERE cs.status) AS passed,
                      count(*) FILTER (WHERE NOT cs.status) AS failed,
                      round(avg(cs.duration))::int AS duration
                 FROM runs cs GROUP BY 1) b`
    : `SELECT coalesce(json_agg(json_build_array(cs.time, cs.status, cs.duration, cs.message, cs.error)
                                ORDER BY cs.time DESC), '[]')
         FROM runs cs`;
  return `
WITH target AS (
  SELECT id FROM checks WHERE id = $1::uuid AND ($2::uuid IS NULL OR canary_id = $2::uuid)
),
runs AS MATERIALIZED (
  SELECT cs.time, cs.status, cs.duration, cs.message, cs.error
    FROM check_statuses cs
   WHERE cs.check_id IN (SELECT id FROM target)
     AND cs.time > $3::timestamptz AND cs.time <= $4::timestamptz
)
SELECT json_build_array(
         (SELECT count(*) FROM target),
         (${series}),
         (SELECT ${statsArraySql("$4::timestamptz - interval '1 hour'")} FROM runs cs)
       )::text AS body`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function runOf(row: unknown[], includeMessages: boolean): GraphStatus {
  const [time, status, duration, message, error] = row;
  const point: GraphStatus = { time: String(time), duration: count(duration) };
  if (status === true) point.status = true;
  if (includeMessages) {
    const m = text(message);
    const e = text(error);
    if (m) point.message = m;
    if (e) point.error = e;
  }
  return point;
}

function bucketPoint(row: unknown[]): GraphStatus {
  const [time, runs, passed, failed, duration] = row;
  const point: GraphStatus = { time: String(time), duration: count(duration) };
  if (count(passed) > count(failed)) point.status = true;
  point.count = count(runs);
  point.passed = count(passed);
  point.failed = count(failed);
  return point;
}

/** The graph of a check, or null when there is no such check (in that canary). */
export async function checkGraph(
  db: SqlClient,
  request: GraphRequest,
): Promise<GraphResult | null> {
  const { start, end } = request.window;
  const bucket = bucketOf(end.getTime() - start.getTime());
  const params: unknown[] = [
    request.checkId,
    request.canaryId,
    start.toISOString(),
    end.toISOString(),
  ];
  if (bucket) params.push(bucket.interval);
  const { rows } = await db.query<{ body: string }>(graphSql(bucket !== null), params);
  const [found, series, stats] = JSON.parse(rows[0]?.body ?? '[0, [], null]') as [
    number,
    unknown[][],
    unknown,
  ];
  if (!found) return null;
  const status = bucket
    ? series.map(bucketPoint)
    : series.map((row) => runOf(row, request.includeMessages));
  return { status, ...statsOf(stats) };
}
