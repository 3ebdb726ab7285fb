/**
 * The demo's prometheus action. There is no Prometheus behind the demo, so any PromQL query is
 * answered from the run's health check: its results counted per evaluation step and split by
 * outcome, as `sum by (status) (increase(canary_check_count{check="…"}[step]))` would give
 * them (series `{check, status="passed"}` and `{check, status="failed"}`). A range query gives a
 * matrix, one sample per step from `range.start` to `range.end`; an instant query a vector
 * over the query's `[window]` (5m when it names none). The result has Mission Control's shape
 * (`{ query, range, rows, count }`, one row per sample: the labels, `timestamp`, `value`).
 */
import type { SqlClient } from '../db/types';
import type { PlaybookResource } from './spec';

/** Prometheus refuses range queries of more samples per series than this. */
export const MAX_POINTS = 11_000;

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** A duration such as `30s`, `5m`, `1h30m`, in ms; undefined when it is not one. */
export function parseStep(text: string): number | undefined {
  const parts = [...text.trim().matchAll(/(\d+)(ms|s|m|h|d|w)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text.trim()) return undefined;
  return parts.reduce((sum, part) => sum + Number(part[1]) * UNIT_MS[part[2]!]!, 0);
}

/** A time as Prometheus ranges take it: `now`, `now-1h`, `now+5m` or an ISO time. */
export function parseTime(text: string, now: Date): Date | undefined {
  const relative = /^now(?:([-+])(.+))?$/.exec(text.trim());
  if (relative) {
    if (!relative[1]) return now;
    const offset = parseStep(relative[2] ?? '');
    if (offset === undefined) return undefined;
    return new Date(now.getTime() + (relative[1] === '-' ? -offset : offset));
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

export interface PrometheusRange {
  start: string;
  end: string;
  step: string;
}

type Row = Record<string, unknown>;

export type PrometheusOutcome =
  | { result: { query: string; range?: PrometheusRange; rows: Row[]; count: number } }
  | { error: string };

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Check results in `(from, to]`, counted by outcome. */
async function countsBetween(
  db: SqlClient,
  checkId: string,
  from: Date,
  to: Date,
): Promise<Array<{ at: number; passed: number; failed: number }>> {
  const { rows } = await db.query<{ time: Date | string; status: boolean | null }>(
    `SELECT time, status FROM check_statuses
      WHERE check_id = $1 AND time > $2 AND time <= $3 ORDER BY time`,
    [checkId, from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({
    at: new Date(row.time).getTime(),
    passed: row.status === true ? 1 : 0,
    failed: row.status === true ? 0 : 1,
  }));
}

/** Runs a rendered prometheus action on `resource` at `now`. */
export async function runPrometheus(
  db: SqlClient,
  spec: unknown,
  resource: PlaybookResource | null,
  now: Date,
): Promise<PrometheusOutcome> {
  const body = record(spec);
  const query = typeof body.query === 'string' ? body.query.trim() : '';
  if (query === '') return { error: 'prometheus query is required' };
  const check = resource?.kind === 'check' ? resource : null;
  const labels = (status: string) => ({ check: check?.name ?? '', status });
  const rangeSpec = body.range === undefined ? undefined : record(body.range);
  if (!rangeSpec) {
    const window = parseStep(/\[([^\]]+)\]/.exec(query)?.[1] ?? '5m') ?? 300_000;
    const samples = check
      ? await countsBetween(db, check.id, new Date(now.getTime() - window), now)
      : [];
    const rows = check
      ? (['passed', 'failed'] as const).map((status) => ({
          ...labels(status),
          value: samples.reduce((sum, sample) => sum + sample[status], 0),
        }))
      : [];
    return { result: { query, rows, count: rows.length } };
  }
  const range: PrometheusRange = {
    start: String(rangeSpec.start ?? ''),
    end: String(rangeSpec.end ?? ''),
    step: String(rangeSpec.step ?? ''),
  };
  const start = parseTime(range.start, now);
  const end = parseTime(range.end, now);
  const step = parseStep(range.step);
  if (!start) return { error: `invalid prometheus range start time: ${range.start}` };
  if (!end) return { error: `invalid prometheus range end time: ${range.end}` };
  if (!step) return { error: `invalid prometheus range step: ${range.step}` };
  if (end < start) return { error: 'prometheus range end time must be after start time' };
  const times: number[] = [];
  for (let at = start.getTime(); at <= end.getTime(); at += step) times.push(at);
  if (times.length > MAX_POINTS) {
    return {
      error: `exceeded maximum resolution of ${MAX_POINTS} points per timeseries. Try decreasing the query resolution (?step=XX)`,
    };
  }
  if (!check) return { result: { query, range, rows: [], count: 0 } };
  const samples = await countsBetween(db, check.id, new Date(start.getTime() - step), end);
  const rows: Row[] = [];
  for (const status of ['passed', 'failed'] as const) {
    for (const at of times) {
      const value = samples
        .filter((sample) => sample.at > at - step && sample.at <= at)
        .reduce((sum, sample) => sum + sample[status], 0);
      rows.push({ ...labels(status), timestamp: new Date(at).toISOString(), value });
    }
  }
  return { result: { query, range, rows, count: rows.length } };
}
