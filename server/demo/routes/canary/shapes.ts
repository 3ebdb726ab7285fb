/** Latency percentiles of a set of runs, in milliseconds (api.md HEALTH-01/06). */
export interface Latency {
  p99?: number;
  p97?: number;
  p95?: number;
  /** Mean latency of the runs in the last hour of the window; 0 when there were none. */
  rolling1h: number;
}

/** Pass and fail counts of a set of runs (api.md HEALTH-01/06). */
export interface Uptime {
  passed: number;
  failed: number;
  last_pass?: string;
  last_fail?: string;
}

/**
 * SQL of the statistics of the status rows aliased `cs`, as one JSON array
 * `[passed, failed, last_pass, last_fail, [p99, p97, p95], rolling1h]`; `recentFrom` is an SQL
 * expression of the moment after which runs count for `rolling1h`.
 */
export function statsArraySql(recentFrom: string): string {
  return `json_build_array(
    count(*) FILTER (WHERE cs.status),
    count(*) FILTER (WHERE NOT cs.status),
    max(cs.time) FILTER (WHERE cs.status),
    max(cs.time) FILTER (WHERE NOT cs.status),
    percentile_disc(ARRAY[0.99, 0.97, 0.95]::float8[]) WITHIN GROUP (ORDER BY cs.duration),
    round(avg(cs.duration) FILTER (WHERE cs.time > ${recentFrom}), 2)
  )`;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Latency and uptime from a `statsArraySql` array (or null when there were no statuses).
 * Percentiles that are missing or zero, and a missing last pass or fail, are left out.
 */
export function statsOf(stats: unknown): { latency: Latency; uptime: Uptime } {
  const row: unknown[] = Array.isArray(stats) ? stats : [];
  const percentiles: unknown[] = Array.isArray(row[4]) ? row[4] : [];
  const latency: Latency = {} as Latency;
  const p99 = num(percentiles[0]);
  const p97 = num(percentiles[1]);
  const p95 = num(percentiles[2]);
  if (p99) latency.p99 = p99;
  if (p97) latency.p97 = p97;
  if (p95) latency.p95 = p95;
  latency.rolling1h = num(row[5]) ?? 0;
  const uptime: Uptime = { passed: num(row[0]) ?? 0, failed: num(row[1]) ?? 0 };
  const lastPass = text(row[2]);
  const lastFail = text(row[3]);
  if (lastPass) uptime.last_pass = lastPass;
  if (lastFail) uptime.last_fail = lastFail;
  return { latency, uptime };
}
